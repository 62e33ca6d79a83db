package httpapi

import (
	"encoding/json"
	"maps"
	"reflect"
	"slices"
	"strings"
	"sync"

	"github.com/invopop/jsonschema"
)

// commonErrors are the codes any route may answer.
var commonErrors = []string{"system.error", "request.invalid_parameter", "request.not_found"}

// systemErrors are answered by every route that needs a merchant.
var merchantErrors = []string{"invalid.domain"}

// adminErrors are answered by every Admin route that needs a session.
var adminErrors = []string{"admin.not_session", "admin.csrf", "admin.ip_not_allowed", "admin.forbidden", "invalid.domain"}

// lobbyErrors are answered by every Lobby route.
var lobbyErrors = []string{"system.maintenance", "system.region_restricted"}

var (
	openAPIOnce sync.Once
	openAPIDoc  map[string]any
)

// openAPIDocument builds the OpenAPI 3.1 document from the route table: paths,
// query parameters, payload schemas reflected from the Go types, and the
// error codes each route can answer with their messages.
func (s *Server) openAPIDocument() map[string]any {
	openAPIOnce.Do(func() { openAPIDoc = buildOpenAPI(s.table) })
	return openAPIDoc
}

func buildOpenAPI(table []Route) map[string]any {
	refl := &jsonschema.Reflector{AllowAdditionalProperties: true, ExpandedStruct: false}
	defs := map[string]any{}
	schemaOf := func(v any) any {
		if v == nil {
			return map[string]any{}
		}
		sch := refl.ReflectFromType(reflect.TypeOf(v))
		raw, _ := json.Marshal(sch)
		raw = []byte(strings.ReplaceAll(string(raw), "#/$defs/", "#/components/schemas/"))
		var m map[string]any
		_ = json.Unmarshal(raw, &m)
		if d, ok := m["$defs"].(map[string]any); ok {
			maps.Copy(defs, d)
			delete(m, "$defs")
		}
		delete(m, "$schema")
		delete(m, "$id")
		return m
	}

	paths := map[string]any{}
	for _, rt := range table {
		item, _ := paths[rt.Path].(map[string]any)
		if item == nil {
			item = map[string]any{}
			paths[rt.Path] = item
		}
		op := map[string]any{
			"summary":     rt.Summary,
			"tags":        []string{rt.Tag},
			"operationId": operationID(rt),
		}
		var params []any
		if rt.Access == Admin {
			params = append(params, map[string]any{
				"name": "Merchant", "in": "header", "required": false,
				"description": "Platform operators only: the merchant to act on (none: the platform); a merchant's operator may send only their own",
				"schema":      map[string]any{"type": "string"},
			})
			if !rt.NoSession {
				op["security"] = []any{map[string]any{"adminCookie": []any{}}}
				if rt.Method != "GET" {
					params = append(params, map[string]any{
						"name": "X-CSRF-Token", "in": "header", "required": true,
						"description": "The session's CSRF token (from the log-in or /admin/api/me)",
						"schema":      map[string]any{"type": "string"},
					})
				}
			}
			if rt.Permission != "" {
				op["x-permission"] = string(rt.Permission)
				op["description"] = "Needs the permission " + string(rt.Permission) + "."
			}
		} else if rt.Access != Public {
			params = append(params, map[string]any{
				"name": "Merchant", "in": "header", "required": true,
				"description": "White-label merchant code",
				"schema":      map[string]any{"type": "string"},
			})
		}
		for _, seg := range strings.Split(rt.Path, "/") {
			if strings.HasPrefix(seg, "{") && strings.HasSuffix(seg, "}") {
				params = append(params, map[string]any{
					"name": strings.Trim(seg, "{}"), "in": "path", "required": true,
					"schema": map[string]any{"type": "string"},
				})
			}
		}
		for _, p := range rt.Query {
			sch := map[string]any{"type": string(p.Type)}
			if p.Type == "" {
				sch["type"] = "string"
			}
			if len(p.Enum) > 0 && !p.List {
				sch["enum"] = p.Enum
			}
			if p.Max > 0 {
				sch["minimum"], sch["maximum"] = p.Min, p.Max
			}
			if p.Default != "" {
				sch["default"] = p.Default
			}
			desc := p.Description
			if p.List {
				desc = strings.TrimSpace(desc + " Comma-separated list of: " + strings.Join(p.Enum, ", "))
			}
			params = append(params, map[string]any{
				"name": p.Name, "in": "query", "required": p.Required,
				"description": desc, "schema": sch,
			})
		}
		if len(params) > 0 {
			op["parameters"] = params
		}
		if rt.Body != nil {
			op["requestBody"] = map[string]any{
				"required": true,
				"content":  map[string]any{"application/json": map[string]any{"schema": schemaOf(rt.Body)}},
			}
		}
		codes := slices.Concat(commonErrors, rt.Errors)
		if rt.Access == Admin {
			if !rt.NoSession {
				codes = append(codes, adminErrors...)
			}
		} else if rt.Access != Public {
			codes = append(codes, merchantErrors...)
		}
		if rt.Access == Lobby {
			codes = append(codes, lobbyErrors...)
		}
		if rt.Encrypted {
			codes = append(codes, "request.replayed")
		}
		if rt.RealAccount {
			codes = append(codes, "member.in_need_true_account")
		}
		if rt.AgentOnly {
			codes = append(codes, "member.not_agent")
		}
		slices.Sort(codes)
		codes = slices.Compact(codes)
		errDocs := make([]any, 0, len(codes))
		for _, c := range codes {
			errDocs = append(errDocs, map[string]any{"code": c, "message": message(c, "EN")})
		}
		responses := map[string]any{}
		if rt.Raw != nil {
			responses["200"] = map[string]any{"description": "The document or image itself"}
		} else {
			responses["200"] = map[string]any{
				"description": "Success envelope",
				"content": map[string]any{"application/json": map[string]any{"schema": map[string]any{
					"type": "object",
					"properties": map[string]any{
						"success": map[string]any{"const": true},
						"value":   schemaOf(rt.Result),
					},
				}}},
			}
		}
		responses["default"] = map[string]any{
			"description": "Error envelope",
			"content": map[string]any{"application/json": map[string]any{
				"schema": map[string]any{"$ref": "#/components/schemas/ErrorEnvelope"},
			}},
		}
		op["responses"] = responses
		op["x-error-codes"] = errDocs
		item[strings.ToLower(rt.Method)] = op
	}
	defs["ErrorEnvelope"] = map[string]any{
		"type": "object",
		"properties": map[string]any{
			"success": map[string]any{"const": false},
			"code":    map[string]any{"type": "string"},
			"message": map[string]any{"type": "string"},
			"value":   map[string]any{},
		},
		"required": []string{"success", "code", "message"},
	}
	return map[string]any{
		"openapi": "3.1.0",
		"info": map[string]any{
			"title":       "Portal API",
			"version":     "1",
			"description": "The white-label gaming portal's JSON API. Every answer is an envelope; see docs in the repository.",
		},
		"paths": paths,
		"components": map[string]any{"schemas": defs, "securitySchemes": map[string]any{
			"adminCookie": map[string]any{"type": "apiKey", "in": "cookie", "name": "portal_admin"}}},
	}
}

func operationID(rt Route) string {
	var b strings.Builder
	b.WriteString(strings.ToLower(rt.Method))
	for _, seg := range strings.Split(rt.Path, "/") {
		seg = strings.Trim(seg, "{}")
		seg = strings.Map(func(r rune) rune {
			if r == '.' || r == '-' || r == '_' {
				return -1
			}
			return r
		}, seg)
		if seg != "" {
			b.WriteString(strings.ToUpper(seg[:1]) + seg[1:])
		}
	}
	return b.String()
}
