package httpapi

import (
	"encoding/base64"
	"net/http"
	"sync"
)

// captchaImage is the captcha call's answer (api-conventions.md).
type captchaImage struct {
	CaptchaID string `json:"captchaId"`
	Image     string `json:"image"`
}

// devCaptcha is the last captcha issued, kept only in dev mode so that
// black-box tests can read it from /dev/captcha/last.
type devCaptcha struct {
	mu   sync.Mutex
	id   string
	text string
}

func (s *Server) captcha(r *http.Request) (any, error) {
	c, err := s.Identity.NewCaptcha(r.Context())
	if err != nil {
		return nil, err
	}
	if s.Config.Dev {
		s.lastCaptcha.mu.Lock()
		s.lastCaptcha.id, s.lastCaptcha.text = c.ID, c.Answer
		s.lastCaptcha.mu.Unlock()
	}
	return captchaImage{CaptchaID: c.ID, Image: base64.StdEncoding.EncodeToString(c.PNG)}, nil
}

type lastCaptcha struct {
	CaptchaID string `json:"captchaId"`
	Text      string `json:"text"`
}

func (s *Server) devLastCaptcha(r *http.Request) (any, error) {
	s.lastCaptcha.mu.Lock()
	defer s.lastCaptcha.mu.Unlock()
	if s.lastCaptcha.id == "" {
		return nil, newError(http.StatusNotFound, "resource.not_found", nil)
	}
	return lastCaptcha{CaptchaID: s.lastCaptcha.id, Text: s.lastCaptcha.text}, nil
}
