package provider

import "testing"

var benchBody = []byte(`{"requestId":"req-123456789","token":"0123456789abcdef0123456789abcdef","player":"12345","currency":"USD","gameCode":"JDB_SLOT_1","roundId":"R-123456789","transactionId":"T-123456789-bet","amount":1000}`)

func BenchmarkDecodeCallback(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if _, err := DecodeCallback(OpBet, benchBody); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkCheckUnambiguous(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if err := checkUnambiguous(benchBody); err != nil {
			b.Fatal(err)
		}
	}
}

// TestFoldInto: the ASCII fast path folds as foldName does.
func TestFoldInto(t *testing.T) {
	for _, name := range []string{"amount", "Amount", "AMOUNT", "transactionId", "k\u212a", "ſs", "", "a_b-9", "é"} {
		if got, want := string(foldInto(nil, []byte(name))), foldName(name); got != want {
			t.Errorf("foldInto(%q) = %q, foldName = %q", name, got, want)
		}
	}
}
