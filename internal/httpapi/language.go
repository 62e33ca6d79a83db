package httpapi

import (
	"net/http"
	"strings"
)

// profileLanguage is the profile label that keeps a member's chosen language.
const profileLanguage = "language"

// languageChoice is the body and the answer of the language call.
type languageChoice struct {
	Language string `json:"language"`
}

// setLanguage takes a language change on the site (spec §7: updating the
// language sends it to the server). It answers the language the merchant
// will use: the one asked for when offered, else the merchant's default,
// silently (spec §9). With a session token the member's choice is kept in
// the profile, so what the server sends the member later can be in it; a
// visitor's choice lives in the browser only.
func (s *Server) setLanguage(w http.ResponseWriter, r *http.Request) (any, error) {
	var req languageChoice
	if err := decodeJSON(w, r, &req); err != nil {
		return nil, err
	}
	if len(req.Language) > 10 {
		return nil, badParam("language", "a language code such as KM, EN or PT-BR")
	}
	ctx := r.Context()
	mer := merchantOf(ctx)
	lang := mer.DefaultLanguage
	if req.Language != "" {
		lang = mer.PickLanguage(req.Language, "")
	}
	if strings.TrimSpace(r.Header.Get("Authorization")) != "" {
		var err error
		if r, err = s.authenticate(r, mer, true); err != nil {
			return nil, err
		}
		if err := s.Identity.SetProfile(r.Context(), memberOf(r.Context()).ID, profileLanguage, lang); err != nil {
			return nil, err
		}
	}
	return languageChoice{Language: lang}, nil
}
