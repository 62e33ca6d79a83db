// Package notify sends text messages out of the portal: SMS and e-mail,
// behind small interfaces, with a dev-mode outbox that keeps them in memory
// for black-box tests instead of sending them.
package notify

import (
	"context"
	"errors"
	"sync"
	"time"
)

// Message is one outgoing SMS or e-mail.
type Message struct {
	To   string `json:"to"`
	Kind string `json:"kind"` // sms or email
	Text string `json:"text"`
	// Code is the verification code the text carries, for the dev outbox;
	// senders never log it.
	Code string    `json:"code"`
	At   time.Time `json:"at"`
}

// Sender delivers messages of one kind.
type Sender interface {
	Send(ctx context.Context, m Message) error
}

// Outbox is the dev-mode sender: it keeps the last messages in memory.
type Outbox struct {
	mu   sync.Mutex
	msgs []Message
}

const outboxSize = 200

// Send records m.
func (o *Outbox) Send(_ context.Context, m Message) error {
	o.mu.Lock()
	defer o.mu.Unlock()
	if m.At.IsZero() {
		m.At = time.Now().UTC()
	}
	o.msgs = append(o.msgs, m)
	if len(o.msgs) > outboxSize {
		o.msgs = o.msgs[len(o.msgs)-outboxSize:]
	}
	return nil
}

// List returns the messages, newest first.
func (o *Outbox) List() []Message {
	o.mu.Lock()
	defer o.mu.Unlock()
	out := make([]Message, len(o.msgs))
	for i, m := range o.msgs {
		out[len(o.msgs)-1-i] = m
	}
	return out
}

// ErrNotConfigured is answered by Disabled.
var ErrNotConfigured = errors.New("notify: no sender configured")

// Disabled is the sender of a server with no gateway configured and dev
// mode off: it sends nothing and says so.
type Disabled struct{}

// Send refuses.
func (Disabled) Send(context.Context, Message) error { return ErrNotConfigured }
