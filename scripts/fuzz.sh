#!/usr/bin/env bash
# fuzz.sh: run each fuzz target for a bounded budget (default 500000
# executions each).
#
#   scripts/fuzz.sh [budget]     # a count (500000x) or a duration (20s)
#
# A count is the default: with a duration, Go 1.26's fuzzing coordinator can
# fail a run with a bare "context deadline exceeded" as the time runs out,
# with no failing input (golang/go#75804, fixed in Go 1.27); a count has no
# deadline to race. A real failure always writes its input under
# testdata/fuzz.
set -euo pipefail
cd "$(dirname "$0")/.."
t=${1:-500000x}
go test -run '^$' -fuzz '^FuzzParse$' -fuzztime "$t" ./internal/sqltext
go test -run '^$' -fuzz '^FuzzParse$' -fuzztime "$t" ./internal/directive
go test -run '^$' -fuzz '^FuzzAnalyze$' -fuzztime "$t" ./internal/luascript
