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
