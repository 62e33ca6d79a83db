package notify

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/smtp"
	"net/url"
	"strings"
	"time"
)

// HTTPSMS sends SMS through a generic HTTP gateway: URLTemplate holds {to}
// and {text} placeholders, filled URL-escaped, and is called with GET (or
// POST with an empty body). Most SMS providers offer such an endpoint.
type HTTPSMS struct {
	URLTemplate string
	Method      string
	Client      *http.Client
}

// ErrSMSFailed is wrapped by every failure of the SMS gateway: the
// verification could not be sent, for a reason the member cannot act on.
var ErrSMSFailed = errors.New("notify: sms not delivered")

// Send calls the gateway; any 2xx answer is success. The URL (which holds
// the code) is never put in errors or logs.
func (g HTTPSMS) Send(ctx context.Context, m Message) error {
	u := strings.NewReplacer("{to}", url.QueryEscape(m.To), "{text}", url.QueryEscape(m.Text)).Replace(g.URLTemplate)
	method := g.Method
	if method == "" {
		method = http.MethodGet
	}
	req, err := http.NewRequestWithContext(ctx, method, u, nil)
	if err != nil {
		return fmt.Errorf("%w: sms gateway: bad URL template", ErrSMSFailed)
	}
	client := g.Client
	if client == nil {
		client = &http.Client{Timeout: 10 * time.Second}
	}
	res, err := client.Do(req)
	if err != nil {
		return fmt.Errorf("%w: sms gateway unreachable", ErrSMSFailed)
	}
	defer res.Body.Close()
	_, _ = io.Copy(io.Discard, io.LimitReader(res.Body, 4096))
	if res.StatusCode/100 != 2 {
		return fmt.Errorf("%w: sms gateway answered %d", ErrSMSFailed, res.StatusCode)
	}
	return nil
}

// SMTP sends e-mail through an SMTP server with PLAIN auth when a user is set.
type SMTP struct {
	Addr     string // host:port
	User     string
	Password string
	From     string
}

// Send delivers m as a plain-text e-mail.
func (s SMTP) Send(_ context.Context, m Message) error {
	host, _, _ := strings.Cut(s.Addr, ":")
	var auth smtp.Auth
	if s.User != "" {
		auth = smtp.PlainAuth("", s.User, s.Password, host)
	}
	if strings.ContainsAny(m.To, "\r\n") {
		return errors.New("notify: bad recipient")
	}
	body := "From: " + s.From + "\r\nTo: " + m.To + "\r\nSubject: " + subject(m) +
		"\r\nMIME-Version: 1.0\r\nContent-Type: text/plain; charset=UTF-8\r\n\r\n" + m.Text + "\r\n"
	if err := smtp.SendMail(s.Addr, auth, s.From, []string{m.To}, []byte(body)); err != nil {
		return fmt.Errorf("notify: smtp: %w", err)
	}
	return nil
}

func subject(m Message) string {
	if m.Code != "" {
		return "Your verification code"
	}
	return "Message from the portal"
}
