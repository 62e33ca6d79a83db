//go:build embedweb

// Package web holds the player site: the React app's sources, and its build
// (dist/) embedded into the binary when built with the embedweb tag, which
// `make build` sets after building the app.
package web

import (
	"embed"
	"io/fs"
)

//go:embed all:dist
var dist embed.FS

// Files is the built web app.
func Files() fs.FS {
	sub, err := fs.Sub(dist, "dist")
	if err != nil {
		panic(err)
	}
	return sub
}
