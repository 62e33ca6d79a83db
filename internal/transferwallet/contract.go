// Package transferwallet moves money between a member's main wallet (the
// ledger) and the wallets that transfer-mode vendors keep themselves
// (decision 0031). Every move is a row written with the ledger move that
// starts it and settled exactly once, by the request that made it or by
// the reconciler that asks the vendor what became of it: a move whose
// outcome is unknown is never lost and never doubled.
package transferwallet

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"

	"portal/internal/provider"
)

// The vendor transfer API (the simulator serves it under
// /sim/{vendor}/transfer/): every call is a signed JSON POST, answered with
// a signed VendorAnswer. A deposit or withdrawal is keyed by the portal's
// transfer id: the same id again changes nothing and answers the first
// result.
const (
	OpDeposit  = "deposit"
	OpWithdraw = "withdraw"
	OpBalance  = "balance"
	OpStatus   = "status"
)

// The verdicts of a VendorAnswer.
const (
	// VendorOK: the deposit or withdrawal took effect (or, for balance
	// and status, the answer stands).
	VendorOK = "OK"
	// VendorRefused: the vendor did not move the money (overdraft, a
	// player it refuses); nothing changed on its side.
	VendorRefused = "REFUSED"
	// VendorNotFound answers a status query for an id the vendor never
	// took: nothing changed on its side.
	VendorNotFound = "NOT_FOUND"
	// VendorConflict refuses an id already used for another request.
	VendorConflict = "CONFLICT"
	// VendorBadRequest refuses a malformed or unsigned call.
	VendorBadRequest = "BAD_REQUEST"
)

// VendorRequest is a call as the portal sends it. Deposit and withdraw
// carry every field; balance leaves out the id and the amount; status
// carries the id alone.
type VendorRequest struct {
	TransferID string `json:"transferId,omitempty"`
	Merchant   string `json:"merchant,omitempty"`
	Player     string `json:"player,omitempty"`
	Currency   string `json:"currency,omitempty"`
	Amount     int64  `json:"amount,omitempty"`
}

// VendorAnswer is the vendor's answer. For a status query Direction and
// Amount say what the id did, and Status is its first result.
type VendorAnswer struct {
	Status     string `json:"status"`
	TransferID string `json:"transferId,omitempty"`
	Direction  string `json:"direction,omitempty"`
	Amount     int64  `json:"amount,omitempty"`
	// Balance is the player's balance at the vendor after the call.
	Balance int64  `json:"balance"`
	Message string `json:"message,omitempty"`
}

// Sign signs a body as the seamless wallet's callbacks are signed:
// hex(HMAC-SHA256(vendor secret, body)) in X-Signature.
func Sign(secret string, body []byte) string { return provider.Sign(secret, body) }

// Verify checks a body's signature in constant time.
func Verify(secret string, body []byte, signature string) bool {
	got, err := hex.DecodeString(signature)
	if err != nil || secret == "" || len(got) != sha256.Size {
		return false
	}
	m := hmac.New(sha256.New, []byte(secret))
	m.Write(body)
	return hmac.Equal(m.Sum(nil), got)
}
