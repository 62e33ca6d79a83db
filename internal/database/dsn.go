package database

import (
	"errors"
	"fmt"
	"net/url"
	"path/filepath"
	"regexp"
	"strings"
)

// ErrBadDSN is a PORTAL_DB value the portal will not guess at.
var ErrBadDSN = errors.New("database: unsupported PORTAL_DB")

// schemePattern finds a URL scheme. One letter before the colon is not a
// scheme but a drive ("C:/data/portal.db"), so a scheme has two or more.
var schemePattern = regexp.MustCompile(`^([A-Za-z][A-Za-z0-9+.-]+):`)

// ParseDSN reads a PORTAL_DB value into the engine it names and what to
// open: a postgres:// or postgresql:// URL as it is; an SQLite file as a
// plain path. The SQLite forms are
//
//   - a path with no scheme: data/portal.db, /var/lib/portal/portal.db;
//   - sqlite:///absolute/path and file:///absolute/path (an empty or
//     "localhost" host, as in RFC 8089), sqlite:/absolute/path,
//     file:/absolute/path;
//   - sqlite:relative/path and file:relative/path.
//
// The path of a sqlite: or file: URL is percent-decoded. Refused, with an
// error that says what to write instead: any other scheme (mysql://, ...),
// sqlite://name/... with a host (URL readers take "name" for a host, other
// tools for the first folder of a relative path: write sqlite:name/...),
// URL parameters (the portal sets SQLite's options itself), an empty path,
// and an in-memory database (each connection would see a database of its
// own).
func ParseDSN(dsn string) (Dialect, string, error) {
	if IsPostgresURL(dsn) {
		return Postgres, dsn, nil
	}
	if strings.TrimSpace(dsn) == "" {
		return "", "", fmt.Errorf("%w: empty", ErrBadDSN)
	}
	path := dsn
	if m := schemePattern.FindStringSubmatch(dsn); m != nil {
		scheme := strings.ToLower(m[1])
		if scheme != "sqlite" && scheme != "file" {
			return "", "", fmt.Errorf("%w: scheme %q is not supported; use a file path, sqlite:///absolute/path, sqlite:relative/path, file:... or a postgres:// URL", ErrBadDSN, m[1]+":")
		}
		rest := dsn[len(m[0]):]
		if strings.ContainsAny(rest, "?#") {
			return "", "", fmt.Errorf("%w: %s: parameters are not accepted (the portal sets SQLite's options itself)", ErrBadDSN, m[1]+":")
		}
		if after, ok := strings.CutPrefix(rest, "//"); ok {
			host, p, _ := strings.Cut(after, "/")
			if host != "" && !strings.EqualFold(host, "localhost") {
				return "", "", fmt.Errorf("%w: %s//%s/...: a host is not part of a file path; write %s:///absolute/path or %s:relative/path", ErrBadDSN, m[1]+":", host, scheme, scheme)
			}
			rest = "/" + p
		}
		decoded, err := url.PathUnescape(rest)
		if err != nil {
			return "", "", fmt.Errorf("%w: %s: %v", ErrBadDSN, m[1]+":", err)
		}
		path = decoded
	}
	if path == "" || path == "/" {
		return "", "", fmt.Errorf("%w: %q names no file", ErrBadDSN, dsn)
	}
	if path == ":memory:" || strings.HasPrefix(path, ":memory:") {
		return "", "", fmt.Errorf("%w: an in-memory database is not supported (each connection would see one of its own)", ErrBadDSN)
	}
	return SQLite, filepath.Clean(path), nil
}
