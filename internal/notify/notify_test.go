package notify

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

func TestOutboxNewestFirstAndBounded(t *testing.T) {
	var o Outbox
	for i := 0; i < outboxSize+5; i++ {
		_ = o.Send(context.Background(), Message{To: "+855", Kind: "sms", Text: string(rune('a' + i%26))})
	}
	list := o.List()
	if len(list) != outboxSize || list[0].Text != string(rune('a'+(outboxSize+4)%26)) {
		t.Fatalf("outbox: %d messages, newest %q", len(list), list[0].Text)
	}
}

func TestHTTPSMS(t *testing.T) {
	var got string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		got = r.URL.RawQuery
		if strings.Contains(got, "fail") {
			w.WriteHeader(500)
		}
	}))
	defer srv.Close()
	g := HTTPSMS{URLTemplate: srv.URL + "/send?to={to}&msg={text}"}
	if err := g.Send(context.Background(), Message{To: "+85512345678", Text: "Code 123456 & more"}); err != nil {
		t.Fatal(err)
	}
	if got != "to=%2B85512345678&msg=Code+123456+%26+more" {
		t.Fatalf("query = %q", got)
	}
	err := g.Send(context.Background(), Message{To: "fail", Text: "secret 999999"})
	if err == nil || strings.Contains(err.Error(), "999999") {
		t.Fatalf("failure = %v (must not carry the text)", err)
	}
	// Every gateway failure is ErrSMSFailed, whatever its cause.
	for _, bad := range []HTTPSMS{g, {URLTemplate: "http://127.0.0.1:1/x?to={to}"}, {URLTemplate: "::bad"}} {
		if err := bad.Send(context.Background(), Message{To: "fail"}); !errors.Is(err, ErrSMSFailed) {
			t.Errorf("%s: %v is not ErrSMSFailed", bad.URLTemplate, err)
		}
	}
}
