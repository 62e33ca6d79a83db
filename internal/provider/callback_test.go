package provider

import (
	"errors"
	"strings"
	"testing"
)

func TestDecodeCallback(t *testing.T) {
	const ok = `{"requestId":"r1","token":"t","player":"7","currency":"USD","gameCode":"PG_1","roundId":"R","transactionId":"T","amount":100}`
	tests := []struct {
		name, op, body string
		good           bool
	}{
		{"bet", OpBet, ok, true},
		{"empty", OpBet, ``, false},
		{"not json", OpBet, `amount=5`, false},
		{"two objects", OpBet, ok + ok, false},
		{"array", OpBet, `[1]`, false},
		{"negative", OpBet, strings.Replace(ok, `"amount":100`, `"amount":-1`, 1), false},
		{"fraction", OpBet, strings.Replace(ok, `"amount":100`, `"amount":1.5`, 1), false},
		{"overflow", OpBet, strings.Replace(ok, `"amount":100`, `"amount":99999999999999999999`, 1), false},
		{"above max", OpBet, strings.Replace(ok, `"amount":100`, `"amount":1000000000000000001`, 1), false},
		{"string amount", OpBet, strings.Replace(ok, `"amount":100`, `"amount":"100"`, 1), false},
		{"no token on bet", OpBet, strings.Replace(ok, `"token":"t",`, ``, 1), false},
		{"no token on win", OpWin, strings.Replace(ok, `"token":"t",`, `"referenceTransactionId":"B",`, 1), true},
		{"win without reference", OpWin, ok, false},
		{"rollback with reference", OpRollback, strings.Replace(ok, `"amount":100`, `"amount":100,"referenceTransactionId":"B"`, 1), true},
		{"bad player", OpBet, strings.Replace(ok, `"player":"7"`, `"player":"x7"`, 1), false},
		{"zero player", OpBet, strings.Replace(ok, `"player":"7"`, `"player":"0"`, 1), false},
		{"bad currency", OpBet, strings.Replace(ok, `"USD"`, `"US"`, 1), false},
		{"control char", OpBet, strings.Replace(ok, `"R"`, `"R\u0000"`, 1), false},
		{"long id", OpBet, strings.Replace(ok, `"T"`, `"`+strings.Repeat("x", 101)+`"`, 1), false},
		{"balance needs no round", OpBalance, `{"token":"t","player":"7","currency":"USD"}`, true},
		{"unknown field tolerated", OpBet, strings.Replace(ok, `{`, `{"extra":1,`, 1), true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := DecodeCallback(tt.op, []byte(tt.body))
			if (err == nil) != tt.good {
				t.Fatalf("err = %v, want good=%v", err, tt.good)
			}
			if err != nil && !errors.Is(err, errCallback) {
				t.Fatalf("error %v is not a callback error", err)
			}
		})
	}
}

// FuzzDecodeCallback: whatever the body, decoding answers (never panics),
// and what it accepts is within the contract's bounds.
func FuzzDecodeCallback(f *testing.F) {
	f.Add(OpBet, []byte(`{"token":"t","player":"7","currency":"USD","gameCode":"G","roundId":"R","transactionId":"T","amount":100}`))
	f.Add(OpWin, []byte(`{"player":"7","currency":"USD","roundId":"R","transactionId":"W","referenceTransactionId":"T","amount":5,"roundClosed":true}`))
	f.Add(OpRollback, []byte(`{"player":"1","currency":"KHR","roundId":"R","transactionId":"X","referenceTransactionId":"T"}`))
	f.Add(OpBalance, []byte(`{}`))
	f.Fuzz(func(t *testing.T, op string, body []byte) {
		cb, err := DecodeCallback(op, body)
		if err != nil {
			return
		}
		if cb.Amount < 0 || cb.Amount > MaxAmount || cb.playerID() <= 0 || len(cb.Currency) != 3 {
			t.Fatalf("accepted out-of-contract callback %+v", cb)
		}
	})
}
