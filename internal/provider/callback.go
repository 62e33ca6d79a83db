package provider

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"unicode"
)

// MaxAmount bounds a callback's amount (10^15 minor units): far above any
// real stake, far below where sums could overflow.
const MaxAmount = 1_000_000_000_000_000

// MaxBody is the largest callback body read.
const MaxBody = 16 << 10

// Callback is a seamless-wallet request as a vendor sends it.
type Callback struct {
	RequestID              string `json:"requestId"`
	Token                  string `json:"token"`
	Player                 string `json:"player"`
	Currency               string `json:"currency"`
	GameCode               string `json:"gameCode"`
	RoundID                string `json:"roundId"`
	TransactionID          string `json:"transactionId"`
	ReferenceTransactionID string `json:"referenceTransactionId"`
	Amount                 int64  `json:"amount"`
	RoundClosed            bool   `json:"roundClosed"`
}

// Answer is what the wallet answers a callback.
type Answer struct {
	Status        Status `json:"status"`
	Balance       int64  `json:"balance"`
	Currency      string `json:"currency"`
	TransactionID string `json:"transactionId,omitempty"`
	// Message says why, for a refused callback (for the vendor's logs).
	Message string `json:"message,omitempty"`
}

var errCallback = errors.New("bad callback")

// DecodeCallback parses and checks a callback body for op: one JSON
// object, no member named twice or in two cases (ambiguity.go), known field
// types, integer amounts in range, the fields op needs.
func DecodeCallback(op string, body []byte) (Callback, error) {
	var cb Callback
	if len(body) == 0 || len(body) > MaxBody {
		return cb, fmt.Errorf("%w: body must be 1 to %d bytes", errCallback, MaxBody)
	}
	if err := checkUnambiguous(body); err != nil {
		return cb, err
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	if err := dec.Decode(&cb); err != nil {
		return cb, fmt.Errorf("%w: %v", errCallback, err)
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return cb, fmt.Errorf("%w: one JSON object expected", errCallback)
	}
	if err := cb.validate(op); err != nil {
		return cb, err
	}
	return cb, nil
}

func (cb Callback) validate(op string) error {
	fields := []struct {
		name     string
		value    string
		required bool
	}{
		{"requestId", cb.RequestID, false},
		{"token", cb.Token, op == OpBet || op == OpBalance},
		{"player", cb.Player, true},
		{"currency", cb.Currency, true},
		{"gameCode", cb.GameCode, op == OpBet},
		{"roundId", cb.RoundID, op != OpBalance},
		{"transactionId", cb.TransactionID, op != OpBalance},
		{"referenceTransactionId", cb.ReferenceTransactionID, op == OpWin || op == OpRollback},
	}
	for _, f := range fields {
		if f.required && f.value == "" {
			return fmt.Errorf("%w: %s is required", errCallback, f.name)
		}
		if len(f.value) > 100 || !printable(f.value) {
			return fmt.Errorf("%w: %s must be at most 100 printable characters", errCallback, f.name)
		}
	}
	if id, err := strconv.ParseInt(cb.Player, 10, 64); err != nil || id <= 0 {
		return fmt.Errorf("%w: player must be the player id given at launch", errCallback)
	}
	if len(cb.Currency) != 3 {
		return fmt.Errorf("%w: currency must be an ISO 4217 code", errCallback)
	}
	if cb.Amount < 0 || cb.Amount > MaxAmount {
		return fmt.Errorf("%w: amount must be 0 to %d minor units", errCallback, int64(MaxAmount))
	}
	return nil
}

func (cb Callback) playerID() int64 {
	id, _ := strconv.ParseInt(cb.Player, 10, 64)
	return id
}

// hash fingerprints what a transaction does, so a replay can be told from a
// different request reusing its id. requestId and token are left out: a
// vendor's retry may carry new ones.
func (cb Callback) hash(op string) string {
	h := sha256.New()
	for _, f := range []string{op, cb.Player, cb.Currency, cb.GameCode, cb.RoundID, cb.ReferenceTransactionID,
		strconv.FormatInt(cb.Amount, 10), strconv.FormatBool(cb.RoundClosed)} {
		h.Write([]byte(f))
		h.Write([]byte{0})
	}
	return hex.EncodeToString(h.Sum(nil))
}

func printable(s string) bool {
	for _, r := range s {
		if !unicode.IsPrint(r) || r > unicode.MaxASCII {
			return false
		}
	}
	return true
}
