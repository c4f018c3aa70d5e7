# fencecheck's build and test entry points.
#
#   make test      every module's tests (the command CI runs)
#   make check     gofmt, go vet and staticcheck on every module
#   make example   run fencecheck on the bundled example module
#   make golangci  build golangci-lint with the fencecheck plugin and run it on a fixture

GO ?= go
MODULES := . runtime runtime/fenceredis runtime/fenceetcd
STATICCHECK := honnef.co/go/tools/cmd/staticcheck@v0.8.2

.PHONY: test check example build golangci

build:
	$(GO) build -o bin/fencecheck ./cmd/fencecheck

test:
	@set -e; for m in $(MODULES); do \
		if [ -f $$m/go.mod ]; then echo "== go test $$m"; (cd $$m && $(GO) test -timeout 30m ./...); fi; \
	done

check:
	@test -z "$$(gofmt -l $$(git ls-files '*.go' | grep -v '^testdata/'))" || { gofmt -l $$(git ls-files '*.go' | grep -v '^testdata/'); exit 1; }
	@set -e; for m in $(MODULES); do \
		if [ -f $$m/go.mod ]; then echo "== vet+staticcheck $$m"; (cd $$m && $(GO) vet ./... && $(GO) run $(STATICCHECK) ./...); fi; \
	done

example: build
	cd examples/jobs && ../../bin/fencecheck ./...

golangci:
	./scripts/golangci.sh
