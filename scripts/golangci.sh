#!/usr/bin/env bash
# Builds golangci-lint (the version in testdata/e2e/golangci/.custom-gcl.yml)
# with the fencecheck module plugin, from the Go module proxy, and runs it on
# testdata/e2e/golangci: the marked finding must be reported and the
# //nolint:fencecheck line must not. See gclplugin/golangci_test.go.
set -euo pipefail
cd "$(dirname "$0")/.."
start=$(date +%s)
FENCECHECK_GOLANGCI=1 go test -count=1 -timeout 40m -run '^TestGolangciLint$' -v ./gclplugin/
echo "scripts/golangci.sh: $(( $(date +%s) - start ))s"
