package httpapi

import (
	"net/http"
	"net/url"
)

// referralInfo is what the member centre's referral page (invite friends)
// shows: the member's code, which registration takes as referralCode, and
// the path of the registration link that carries it.
type referralInfo struct {
	ReferralCode string `json:"referralCode"`
	RegisterPath string `json:"registerPath"`
}

// referral answers the member's referral code; with the REFERRAL3 switch
// off there is no referral at all.
func (s *Server) referral(r *http.Request) (any, error) {
	ctx := r.Context()
	if !merchantOf(ctx).Referral {
		return nil, errFeatureOff
	}
	code := memberOf(ctx).Username
	return referralInfo{ReferralCode: code, RegisterPath: "/register?referralCode=" + url.QueryEscape(code)}, nil
}
