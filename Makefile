# The two commands a newcomer needs are `make run` and `make test`; the rest
# are the pieces they are made of.
GO       ?= go
BIN      := bin/portal
VERSION  ?= $(shell git describe --always --dirty 2>/dev/null || echo dev)
LDFLAGS  := -s -w -X portal/internal/app.Version=$(VERSION)
export CGO_ENABLED := 0

# The web app is built and embedded when its sources exist (web/package.json).
WEB      := $(wildcard web/package.json)
TAGS     := $(if $(WEB),-tags embedweb)

.PHONY: build run test vet fmt-check go-test web-build web-test web-e2e bench bench-web clean

build: $(if $(WEB),web-build)
	$(GO) build -trimpath $(TAGS) -ldflags "$(LDFLAGS)" -o $(BIN) ./cmd/portal

web/node_modules: web/package.json web/package-lock.json
	cd web && npm ci --no-audit --no-fund
	@touch web/node_modules

web-build: web/node_modules
	cd web && npm run build

web-test: web/node_modules
	cd web && npm test

# make web-e2e: Playwright browser tests (web/e2e) against the built binary on
# a fresh data dir, with Debian's Chromium (installed by the script if missing).
web-e2e: build
	web/e2e/run.sh

run: build
	./$(BIN) serve

test: fmt-check vet go-test $(if $(WEB),web-test build web-e2e)

fmt-check:
	@out=$$(find . -name '*.go' -not -path './web/node_modules/*' -not -path './.git/*' | xargs gofmt -l); \
	if [ -n "$$out" ]; then echo "gofmt would change:"; echo "$$out"; exit 1; fi

vet:
	$(GO) vet ./...

go-test:
	$(GO) test -count=1 -timeout 20m ./...

# make bench: the lobby load benchmark (server on SQLite with the full
# catalogue, driven at 64 connections from a second process) and the Go
# micro-benchmarks. Figures go in the README.
bench: build
	$(GO) build -trimpath -o bin/portal-bench ./cmd/portal-bench
	./bin/portal-bench -portal ./$(BIN)
	$(GO) test -run '^$$' -bench . -benchmem ./internal/catalog/

# make bench-web: the gzipped size of the home route's initial JavaScript
# (budget 200 KB) and Lighthouse (mobile, performance) against the built binary.
bench-web: build
	web/bench/run.sh

clean:
	rm -rf bin data
