#!/usr/bin/env bash
# bench.sh: wall time and peak memory of fencecheck against the do-nothing
# floor analyzer (same drivers, same load/type-check/SSA work), with a cold
# and a warm go build cache, on the packages named by the arguments.
#
#   scripts/bench.sh [dir] [patterns...]      (default: this repository, ./...)
#
# Peak memory is the largest resident set of any process of the run (for
# -driver=vet, the largest per-package vet process or the go command).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
dir=${1:-$root}
shift || true
patterns=("${@:-./...}")
bin=$(mktemp -d)
trap 'rm -rf "$bin"' EXIT
(cd "$root" && go build -o "$bin/fencecheck" ./cmd/fencecheck && go build -o "$bin/floor" ./internal/tools/floor)

measure() { # label, cache dir, command...
	local label=$1 cache=$2; shift 2
	local out
	# GNU time prints "TIME wall_seconds max_rss_kb" on stderr.
	out=$( { cd "$dir" && GOCACHE=$cache GOFLAGS=-mod=mod /usr/bin/time -f 'TIME %e %M' "$@" >/dev/null || true; } 2>&1 | grep '^TIME' | tail -1)
	read -r _ wall rss <<<"$out"
	printf '%-34s %8.2fs %8.0f MB\n' "$label" "$wall" "$((rss / 1024))"
}

printf '%-34s %9s %11s\n' "run ($dir ${patterns[*]})" "wall" "peak RSS"
for driver in vet packages; do
	for tool in floor fencecheck; do
		cold=$(mktemp -d)
		# Warm the standard library and dependencies' compile cache so the
		# cold run measures analysis, not compiling the toolchain's packages.
		(cd "$dir" && GOCACHE=$cold GOFLAGS=-mod=mod go build "${patterns[@]}" >/dev/null 2>&1 || true)
		measure "$tool -driver=$driver (cold)" "$cold" "$bin/$tool" -driver=$driver "${patterns[@]}"
		measure "$tool -driver=$driver (warm)" "$cold" "$bin/$tool" -driver=$driver "${patterns[@]}"
		rm -rf "$cold"
	done
done
