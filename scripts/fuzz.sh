#!/usr/bin/env bash
# fuzz.sh: run each fuzz target for a bounded time (default 20s each).
#
#   scripts/fuzz.sh [duration]
set -euo pipefail
cd "$(dirname "$0")/.."
t=${1:-20s}
go test -run '^$' -fuzz '^FuzzParse$' -fuzztime "$t" ./internal/sqltext
go test -run '^$' -fuzz '^FuzzParse$' -fuzztime "$t" ./internal/directive
go test -run '^$' -fuzz '^FuzzAnalyze$' -fuzztime "$t" ./internal/luascript
