//go:build !embedweb

// Package web holds the player site: the React app's sources, and its build
// (dist/) embedded into the binary when built with the embedweb tag, which
// `make build` sets after building the app. Without the tag (plain go build
// or go test) the server serves the API alone.
package web

import "io/fs"

// Files is nil: this binary was built without the web app.
func Files() fs.FS { return nil }
