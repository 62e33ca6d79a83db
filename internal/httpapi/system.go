package httpapi

import (
	"net/http"
	"strings"

	"github.com/go-chi/chi/v5"

	"portal/internal/merchant"
)

func (s *Server) permission(r *http.Request) (any, error) {
	ctx := r.Context()
	m := merchantOf(ctx)
	st, err := s.Merchant.Status(ctx, m, clientIPOf(ctx))
	if err != nil {
		return nil, err
	}
	return s.Merchant.Permission(ctx, m, st)
}

func (s *Server) systemStatus(r *http.Request) (any, error) {
	ctx := r.Context()
	m := merchantOf(ctx)
	st, err := s.Merchant.Status(ctx, m, clientIPOf(ctx))
	if err != nil {
		return nil, err
	}
	return s.Merchant.StatusPage(ctx, m, st, languageOf(ctx))
}

func (s *Server) whitelabel(r *http.Request) (any, error) {
	return s.Merchant.Whitelabel(r.Context(), merchantOf(r.Context()).Code)
}

func (s *Server) registerSettings(r *http.Request) (any, error) {
	return s.Merchant.RegisterSettings(r.Context(), merchantOf(r.Context()).Code)
}

func (s *Server) domainRoute(r *http.Request) (any, error) {
	return s.Merchant.DomainRoute(r.Context(), merchantOf(r.Context()).Code)
}

func (s *Server) customerService(r *http.Request) (any, error) {
	return s.Merchant.CustomerService(r.Context(), merchantOf(r.Context()).Code)
}

func (s *Server) helpCenter(r *http.Request) (any, error) {
	ctx := r.Context()
	m, lang := merchantOf(ctx), languageOf(ctx)
	if l := merchant.NormalizeLanguage(paramsOf(ctx).String("lang")); l != "" && m.Supports(l) {
		lang = l
	}
	return s.Merchant.HelpCenter(ctx, m.Code, lang)
}

func noticeQuery(r *http.Request) merchant.NoticeQuery {
	p := paramsOf(r.Context())
	platform := p.String("platform")
	if platform != "" && platform != "W" {
		// html5-desktop and flash are web clients too.
		platform = "W"
	}
	return merchant.NoticeQuery{
		Types: p.List("types"), Execution: p.String("execution"), Platform: platform, Language: languageOf(r.Context()),
	}
}

func (s *Server) notices(r *http.Request) (any, error) {
	return s.Merchant.Notices(r.Context(), merchantOf(r.Context()).Code, noticeQuery(r))
}

func (s *Server) announcements(r *http.Request) (any, error) {
	return s.Merchant.Announcements(r.Context(), merchantOf(r.Context()).Code, noticeQuery(r))
}

func (s *Server) banners(r *http.Request) (any, error) {
	ctx := r.Context()
	return s.Merchant.Banners(ctx, merchantOf(ctx).Code, paramsOf(ctx).String("group"), languageOf(ctx))
}

func (s *Server) bannerImage(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	code, slug := chi.URLParam(r, "merchant"), chi.URLParam(r, "slug")
	lang := merchant.NormalizeLanguage(paramsOf(ctx).String("language"))
	text, group, err := s.Merchant.BannerText(ctx, code, slug, lang)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	w.Header().Set("Content-Type", "image/svg+xml")
	w.Header().Set("Cache-Control", "public, max-age=3600")
	w.Header().Set("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'")
	_, _ = w.Write(merchant.BannerSVG(group, text, code+"/"+slug+"/"+strings.ToLower(lang)))
}
