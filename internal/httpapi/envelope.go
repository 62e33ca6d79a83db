package httpapi

import (
	"encoding/json"
	"net/http"
)

// envelope is the one shape of every JSON answer (api-conventions.md).
type envelope struct {
	Success bool   `json:"success"`
	Code    string `json:"code,omitempty"`
	Message string `json:"message,omitempty"`
	Value   any    `json:"value"`
}

// Page is the conventional paged list.
type Page[T any] struct {
	Content    []T `json:"content"`
	PageNum    int `json:"pageNum"`
	PageSize   int `json:"pageSize"`
	TotalPages int `json:"totalPages"`
	Total      int `json:"total"`
}

// newPage is page num of size rows out of total, holding content.
func newPage[T any](content []T, num, size, total int) Page[T] {
	return Page[T]{Content: content, PageNum: num, PageSize: size, TotalPages: (total + size - 1) / size, Total: total}
}

func writeJSON(w http.ResponseWriter, status int, body any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.WriteHeader(status)
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(body)
}

func writeValue(w http.ResponseWriter, status int, value any) {
	writeJSON(w, status, envelope{Success: true, Value: value})
}
