package app

import (
	"io/fs"

	"portal/web"
)

// webFiles is the built web app to serve, or nil when the binary was built
// without it.
func webFiles() fs.FS { return web.Files() }
