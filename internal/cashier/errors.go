package cashier

import "errors"

// Errors of the cashier; internal/httpapi/errors.go gives each its answer.
var (
	// ErrNotFound is an order, channel or proof the caller may not see:
	// another member's or merchant's, a disabled channel, one not offered
	// to the member's VIP level.
	ErrNotFound = errors.New("cashier: not found")
	// ErrChannelInvalid is a channel setting that breaks a rule (code,
	// kind, gateway, limits, texts); ChannelError says which.
	ErrChannelInvalid = errors.New("cashier: channel invalid")
	// ErrChannelExists is a channel code the merchant already uses.
	ErrChannelExists = errors.New("cashier: channel code taken")
	// ErrAmountOutOfRange is a deposit below the channel's minimum, above
	// its maximum, or one the fee would swallow.
	ErrAmountOutOfRange = errors.New("cashier: amount out of the channel's range")
	// ErrDailyLimit is a deposit beyond the channel's daily count or
	// amount for the member.
	ErrDailyLimit = errors.New("cashier: daily limit reached")
	// ErrTooManyPending refuses a fourth open (pending or submitted) order.
	ErrTooManyPending = errors.New("cashier: too many open deposit orders")
	// ErrRequestInvalid is a requestId that is not 1-64 printable characters.
	ErrRequestInvalid = errors.New("cashier: request id invalid")
	// ErrOrderState is an action the order's status does not allow.
	ErrOrderState = errors.New("cashier: the order's status does not allow this")
	// ErrReferenceInvalid is a transfer reference that is not 1-64
	// printable characters.
	ErrReferenceInvalid = errors.New("cashier: reference invalid")
	// ErrProofInvalid is a proof that is not a PNG or JPEG within the limits.
	ErrProofInvalid = errors.New("cashier: proof image invalid")
	// ErrReasonInvalid is a decision reason that is missing (reject) or
	// longer than 200 characters.
	ErrReasonInvalid = errors.New("cashier: reason invalid")
	// ErrGateway is a payment gateway that did not answer or refused the
	// payment; nothing was charged.
	ErrGateway = errors.New("cashier: payment gateway unavailable")
	// ErrSignature is a webhook or answer whose signature does not verify.
	ErrSignature = errors.New("cashier: bad signature")
	// ErrNotice is a webhook body that is not the gateway's JSON.
	ErrNotice = errors.New("cashier: malformed notice")
)

// ChannelError says which setting of a channel broke its rule; it matches
// ErrChannelInvalid.
type ChannelError struct{ Field, Reason string }

func (e *ChannelError) Error() string {
	return "cashier: channel invalid: " + e.Field + ": " + e.Reason
}

// Unwrap makes errors.Is(err, ErrChannelInvalid) hold.
func (e *ChannelError) Unwrap() error { return ErrChannelInvalid }

// Errors of money going out (decision 0030).
var (
	// ErrTurnoverIncomplete refuses a withdrawal before the member's valid
	// bets reach the merchant's multiple of their deposits.
	ErrTurnoverIncomplete = errors.New("cashier: turnover requirement not met")
	// ErrAccountNameMismatch is a bank account whose holder is not the
	// member's real name.
	ErrAccountNameMismatch = errors.New("cashier: account name does not match the real name")
	// ErrBankAccountInvalid is a bank account field that breaks its rule;
	// FieldError says which.
	ErrBankAccountInvalid = errors.New("cashier: bank account invalid")
	// ErrBankAccountExists is an account number the member holds already.
	ErrBankAccountExists = errors.New("cashier: bank account already added")
	// ErrBankAccountLimit refuses a fourth bank account.
	ErrBankAccountLimit = errors.New("cashier: too many bank accounts")
	// ErrBankAccountInUse refuses removing an account an open withdrawal
	// pays to.
	ErrBankAccountInUse = errors.New("cashier: bank account in use")
	// ErrReceiptInvalid is a receipt confirmation that breaks its rule
	// (unknown result, remaining amount out of range, proofs missing).
	ErrReceiptInvalid = errors.New("cashier: receipt invalid")
	// ErrPolicyInvalid is a withdrawal policy setting out of range.
	ErrPolicyInvalid = errors.New("cashier: policy invalid")
	// ErrNoUpline refuses a transfer to the upline of a member without one.
	ErrNoUpline = errors.New("cashier: no upline")
)

// FieldError names the field that broke a rule; it matches its Err.
type FieldError struct {
	Field string
	Err   error
}

func (e *FieldError) Error() string { return e.Err.Error() + ": " + e.Field }
func (e *FieldError) Unwrap() error { return e.Err }
