package provider

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
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
		{"nested object tolerated", OpBet, strings.Replace(ok, `{`, `{"extra":{"a":[{"b":1},{"b":2}],"A2":null},`, 1), true},
		// Ambiguous bodies: the vendor and Go could read different values
		// from the same signed bytes.
		{"amount twice", OpBet, strings.Replace(ok, `"amount":100`, `"amount":1,"amount":100`, 1), false},
		{"amount in two cases", OpBet, strings.Replace(ok, `"amount":100`, `"amount":1,"Amount":100`, 1), false},
		{"amount in two cases, upper first", OpBet, strings.Replace(ok, `"amount":100`, `"AMOUNT":100,"amount":1`, 1), false},
		{"amount twice, one escaped", OpBet, strings.Replace(ok, `"amount":100`, `"\u0061mount":1,"amount":100`, 1), false},
		{"token by the Kelvin sign", OpBet, strings.Replace(ok, `"token":"t"`, `"token":"t","to\u212aen":"u"`, 1), false},
		{"field in another case alone", OpBet, strings.Replace(ok, `"amount":100`, `"Amount":100`, 1), false},
		{"unknown member twice", OpBet, strings.Replace(ok, `{`, `{"extra":1,"EXTRA":2,`, 1), false},
		{"nested member twice", OpBet, strings.Replace(ok, `{`, `{"extra":{"amount":1,"amount":2},`, 1), false},
		{"member twice in an array's object", OpBet, strings.Replace(ok, `{`, `{"extra":[1,{"x":1,"X":2}],`, 1), false},
		{"a value that looks like members", OpBet, strings.Replace(ok, `{`, `{"extra":"\",\"amount\":5,\"",`, 1), true},
		{"the same name in sibling objects", OpBet, strings.Replace(ok, `{`, `{"a":{"x":1},"b":{"x":2},"c":[{"x":1},{"x":2}],`, 1), true},
		{"a name twice among many", OpBet, strings.Replace(ok, `{`, `{"extra":{"n1":1,"n2":1,"n3":1,"n4":1,"n5":1,"n6":1,"n7":1,"n8":1,"n9":1,"n10":1,"n11":1,"n12":1,"n13":1,"n14":1,"n15":1,"n16":1,"n17":1,"n18":1,"N3":1},`, 1), false},
		{"Kelvin sign twin", OpBet, strings.Replace(ok, `{`, `{"k":1,"\u212a":2,`, 1), false},
		{"same names in sibling objects", OpBet, strings.Replace(ok, `{`, `{"a":{"x":1},"b":{"x":2},`, 1), true},
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
// what it accepts is within the contract's bounds, and it never accepts an
// ambiguous body: one that names a member twice or in two cases, at any
// depth, or a contract field in another case.
func FuzzDecodeCallback(f *testing.F) {
	f.Add(OpBet, []byte(`{"token":"t","player":"7","currency":"USD","gameCode":"G","roundId":"R","transactionId":"T","amount":100}`))
	f.Add(OpWin, []byte(`{"player":"7","currency":"USD","roundId":"R","transactionId":"W","referenceTransactionId":"T","amount":5,"roundClosed":true}`))
	f.Add(OpRollback, []byte(`{"player":"1","currency":"KHR","roundId":"R","transactionId":"X","referenceTransactionId":"T"}`))
	f.Add(OpBalance, []byte(`{}`))
	f.Add(OpWin, []byte(`{"player":"7","currency":"USD","roundId":"R","transactionId":"W","referenceTransactionId":"T","amount":5,"Amount":500000}`))
	f.Add(OpWin, []byte(`{"player":"7","currency":"USD","roundId":"R","transactionId":"W","referenceTransactionId":"T","amount":5,"amount":500000}`))
	f.Add(OpBalance, []byte(`{"token":"t","player":"7","currency":"USD","x":{"k":1,"\u212a":2}}`))
	f.Add(OpBalance, []byte(`{"token":"t","player":"7","currency":"USD","x":[{"a":1},{"a":1,"b":[{"c":1,"C":2}]}]}`))
	f.Fuzz(func(t *testing.T, op string, body []byte) {
		cb, err := DecodeCallback(op, body)
		if err != nil {
			return
		}
		if cb.Amount < 0 || cb.Amount > MaxAmount || cb.playerID() <= 0 || len(cb.Currency) != 3 {
			t.Fatalf("accepted out-of-contract callback %+v", cb)
		}
		if why := ambiguity(t, body, true); why != "" {
			t.Fatalf("accepted an ambiguous body (%s): %s", why, body)
		}
	})
}

// ambiguity says why a JSON value is ambiguous, or "" when it is not. It
// is written apart from the decoder's check (a recursive descent over raw
// values, names compared with strings.EqualFold) so that one does not
// vouch for itself.
func ambiguity(t *testing.T, raw []byte, top bool) string {
	dec := json.NewDecoder(bytes.NewReader(raw))
	tok, err := dec.Token()
	if err != nil {
		t.Fatalf("accepted body does not parse: %v", err)
	}
	switch tok {
	case json.Delim('{'):
		var seen []string
		for dec.More() {
			kt, err := dec.Token()
			if err != nil {
				t.Fatal(err)
			}
			name := kt.(string)
			for _, s := range seen {
				if strings.EqualFold(s, name) {
					return fmt.Sprintf("%q and %q", s, name)
				}
			}
			seen = append(seen, name)
			if top {
				for _, field := range []string{"requestId", "token", "player", "currency", "gameCode", "roundId", "transactionId", "referenceTransactionId", "amount", "roundClosed"} {
					if strings.EqualFold(field, name) && field != name {
						return fmt.Sprintf("%q for %q", name, field)
					}
				}
			}
			var v json.RawMessage
			if err := dec.Decode(&v); err != nil {
				t.Fatal(err)
			}
			if why := ambiguity(t, v, false); why != "" {
				return why
			}
		}
	case json.Delim('['):
		for dec.More() {
			var v json.RawMessage
			if err := dec.Decode(&v); err != nil {
				t.Fatal(err)
			}
			if why := ambiguity(t, v, false); why != "" {
				return why
			}
		}
	}
	return ""
}
