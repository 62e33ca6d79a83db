package httpapi

import (
	"net/http"
)

type health struct {
	Status  string `json:"status"`
	Version string `json:"version"`
}

func (s *Server) health(r *http.Request) (any, error) {
	return health{Status: "ok", Version: s.Config.Version}, nil
}

func (s *Server) openAPI(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Cache-Control", "no-cache")
	writeJSON(w, http.StatusOK, s.openAPIDocument())
}
