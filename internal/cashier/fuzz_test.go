package cashier

import (
	"encoding/json"
	"testing"
)

// FuzzWebhook: the notice decoder never panics, and what it accepts is a
// notice it would write back the same.
func FuzzWebhook(f *testing.F) {
	for _, seed := range []string{
		`{"pspOrderId":"PS1","orderId":1,"status":"paid","amount":100,"currency":"USD","paidAt":"2026-11-25T00:00:00Z"}`,
		`{"pspOrderId":"PS1","orderId":1,"status":"pending","amount":0,"currency":"USD","paidAt":""}`,
		`{"pspOrderId":"PS1","orderId":1,"status":"paid","amount":-1,"currency":"USD"}`,
		`{"pspOrderId":"","orderId":0}`, `{"extra":1}`, `[]`, `null`, `{}{}`, ``, `{"amount":1e99}`,
		`{"pspOrderId":"PS1","orderId":1,"status":"paid","amount":100,"currency":"USD"} trailing`,
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		n, err := DecodeNotice(body)
		if err != nil {
			return
		}
		if n.OrderID <= 0 || n.PSPOrderID == "" || (n.Status == NoticePaid && n.Amount <= 0) {
			t.Fatalf("accepted %+v", n)
		}
		again, _ := json.Marshal(n)
		if m, err := DecodeNotice(again); err != nil || m != n {
			t.Fatalf("round trip %+v -> %v %+v", n, err, m)
		}
	})
}
