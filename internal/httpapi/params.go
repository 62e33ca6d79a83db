package httpapi

import (
	"context"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// ParamType is the type of a declared query parameter.
type ParamType string

// Parameter types.
const (
	TypeString  ParamType = "string"
	TypeInteger ParamType = "integer"
	TypeBoolean ParamType = "boolean"
)

// Param declares one query parameter of a route. The frame checks every
// declared parameter before the handler runs (type, range, length, enum), so
// handlers read values that are already valid, and the OpenAPI document is
// written from the same declarations.
type Param struct {
	Name        string
	Type        ParamType
	Description string
	Required    bool
	Default     string
	Enum        []string
	Min, Max    int64 // integers: inclusive range when Max > 0
	MaxLen      int   // strings: characters; 0 means 100
	List        bool  // comma-separated values, each checked against Enum
}

// params holds the validated query values of a request.
type params struct {
	raw map[string]string
}

func validateParams(r *http.Request, decl []Param) (params, error) {
	q := r.URL.Query()
	p := params{raw: make(map[string]string, len(decl))}
	for _, d := range decl {
		vals := q[d.Name]
		if len(vals) > 1 {
			return p, badParam(d.Name, "given more than once")
		}
		v := ""
		if len(vals) == 1 {
			v = strings.TrimSpace(vals[0])
		}
		if v == "" {
			if d.Required {
				return p, badParam(d.Name, "required")
			}
			v = d.Default
			if v == "" {
				continue
			}
		}
		if err := checkParam(d, v); err != nil {
			return p, err
		}
		p.raw[d.Name] = v
	}
	return p, nil
}

func checkParam(d Param, v string) error {
	if !utf8.ValidString(v) {
		return badParam(d.Name, "not valid UTF-8")
	}
	switch d.Type {
	case TypeInteger:
		n, err := strconv.ParseInt(v, 10, 64)
		if err != nil {
			return badParam(d.Name, "not an integer")
		}
		if d.Max > 0 && (n < d.Min || n > d.Max) {
			return badParam(d.Name, fmt.Sprintf("out of range %d..%d", d.Min, d.Max))
		}
	case TypeBoolean:
		if _, err := strconv.ParseBool(v); err != nil {
			return badParam(d.Name, "not a boolean")
		}
	default:
		limit := d.MaxLen
		if limit == 0 {
			limit = 100
		}
		if utf8.RuneCountInString(v) > limit {
			return badParam(d.Name, fmt.Sprintf("longer than %d characters", limit))
		}
		if len(d.Enum) > 0 {
			items := []string{v}
			if d.List {
				items = strings.Split(v, ",")
			}
			for _, it := range items {
				if !slices.Contains(d.Enum, strings.TrimSpace(it)) {
					return badParam(d.Name, "not one of "+strings.Join(d.Enum, ", "))
				}
			}
		}
	}
	return nil
}

func paramsOf(ctx context.Context) params {
	p, _ := ctx.Value(keyParams).(params)
	return p
}

// String is the validated value of a declared parameter, or "".
func (p params) String(name string) string { return p.raw[name] }

// Int is the validated value of a declared integer parameter, or 0.
func (p params) Int(name string) int {
	n, _ := strconv.Atoi(p.raw[name])
	return n
}

// Bool is the validated value of a declared boolean parameter.
func (p params) Bool(name string) bool {
	b, _ := strconv.ParseBool(p.raw[name])
	return b
}

// List splits a comma-separated parameter.
func (p params) List(name string) []string {
	v := p.raw[name]
	if v == "" {
		return nil
	}
	out := strings.Split(v, ",")
	for i := range out {
		out[i] = strings.TrimSpace(out[i])
	}
	return out
}
