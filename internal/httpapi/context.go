package httpapi

import (
	"context"
	"net/netip"

	"portal/internal/identity"
	"portal/internal/merchant"
)

type ctxKey int

const (
	keyRequestID ctxKey = iota
	keyMerchant
	keyLanguage
	keyClientIP
	keyParams
	keyEncrypted
	keyMember
	keyToken
	keyAdmin
)

func requestID(ctx context.Context) string {
	s, _ := ctx.Value(keyRequestID).(string)
	return s
}

// merchantOf is the tenant resolved from the Merchant header; routes that
// need one never run without it.
func merchantOf(ctx context.Context) *merchant.Merchant {
	m, _ := ctx.Value(keyMerchant).(*merchant.Merchant)
	return m
}

// languageOf is the language answers are written in.
func languageOf(ctx context.Context) string {
	if s, ok := ctx.Value(keyLanguage).(string); ok {
		return s
	}
	return "EN"
}

// memberOf is the logged-in member of a (T) route.
func memberOf(ctx context.Context) *identity.Member {
	m, _ := ctx.Value(keyMember).(*identity.Member)
	return m
}

func tokenOf(ctx context.Context) string {
	s, _ := ctx.Value(keyToken).(string)
	return s
}

func clientIPOf(ctx context.Context) netip.Addr {
	ip, _ := ctx.Value(keyClientIP).(netip.Addr)
	return ip
}
