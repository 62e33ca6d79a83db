// Command portal is the whole product: API, web app, jobs and operator
// commands in one binary. See `portal help`.
package main

import (
	"context"
	"os"
	"os/signal"
	"syscall"

	"portal/internal/app"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := app.Run(ctx, os.Args[1:], os.Getenv, os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}
