#!/usr/bin/env bash
# bench.sh: wall time and peak memory of fencecheck against the do-nothing
# floor (one analyzer with a fact type, same drivers: the load and
# type-check floor) and staticcheck, on the same packages, in one go.
#
#   scripts/bench.sh [-against REV] [TARGET...]
#
# A TARGET is "repo" (this repository), "gen:N" (a generated module of N
# packages, see internal/tools/genmod), MODULE@VERSION (fetched from the
# module proxy) or a module directory. Default: repo, gen:10, gen:100,
# gen:1000 and three job-queue and coordination modules.
#
# Every row starts from a cold analysis cache: a fresh GOCACHE in which
# the packages' compiled dependencies were built first (so the row
# measures analysis, not compiling the standard library), and a fresh
# staticcheck cache. "warm" re-runs fencecheck with nothing changed.
# Peak memory is the largest resident set of any process of the run (for
# go vet, the largest per-package vet process or the go command).
# Output: one markdown table per target, ratios to the floor's vet run.
#
# -against REV also builds fencecheck at the git revision REV and runs it
# right after the current one in each row pair ("fencecheck@REV"), so that
# the two engines are compared on the same machine, interleaved.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'chmod -R u+w "$work" 2>/dev/null; [ -d "$work/base-src" ] && git -C "$root" worktree remove --force "$work/base-src" 2>/dev/null; rm -rf "$work"' EXIT
against=
if [ "${1:-}" = -against ]; then
	against=$2
	shift 2
fi
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
	targets=(repo gen:10 gen:100 gen:1000 github.com/hashicorp/raft@v1.8.0 github.com/ThreeDotsLabs/watermill-sql/v4@v4.1.2 github.com/riverqueue/river@v0.51.2)
fi

bin=$work/bin
(cd "$root" && go build -o "$bin/fencecheck" ./cmd/fencecheck && go build -o "$bin/floor" ./internal/tools/floor &&
	go build -o "$bin/genmod" ./internal/tools/genmod)
(cd "$work" && GOBIN=$bin GOFLAGS= go install honnef.co/go/tools/cmd/staticcheck@v0.8.2)
if [ -n "$against" ]; then
	git -C "$root" worktree add --detach "$work/base-src" "$against" >/dev/null 2>&1
	(cd "$work/base-src" && go build -o "$bin/fencecheck-base" ./cmd/fencecheck)
fi

# prepare TARGET prints the module directory for a target.
prepare() {
	case $1 in
	repo) echo "$root" ;;
	gen:*)
		local d=$work/gen${1#gen:}
		[ -d "$d" ] || "$bin/genmod" -n "${1#gen:}" -o "$d"
		echo "$d"
		;;
	*@*)
		local src d
		src=$(cd "$work" && GOFLAGS=-mod=mod go mod download -json "$1" | sed -n 's/^\t"Dir": "\(.*\)",$/\1/p')
		d=$work/src/${1//[@\/]/_}
		mkdir -p "$d" && cp -r "$src/." "$d" && chmod -R u+w "$d"
		echo "$d"
		;;
	*) echo "$1" ;;
	esac
}

# measure DIR CACHE CMD... prints "wall_seconds max_rss_kb".
measure() {
	local dir=$1 cache=$2
	shift 2
	(cd "$dir" && GOCACHE=$cache XDG_CACHE_HOME=$cache/xdg GOFLAGS=-mod=mod GOWORK=off \
		/usr/bin/time -o "$work/time" -f '%e %M' "$@" >/dev/null 2>&1 || true)
	tail -1 "$work/time"
}

# coldcache DIR prints a fresh GOCACHE with DIR's dependencies compiled.
coldcache() {
	local c
	c=$(mktemp -d "$work/cache.XXXX")
	(cd "$1" && GOCACHE=$c GOFLAGS=-mod=mod GOWORK=off go build ./... >/dev/null 2>&1 || true)
	echo "$c"
}

for t in "${targets[@]}"; do
	dir=$(prepare "$t")
	npkg=$(cd "$dir" && GOFLAGS=-mod=mod GOWORK=off go list ./... 2>/dev/null | wc -l)
	echo
	echo "### $t ($npkg packages)"
	echo
	echo "| run | wall | peak RSS | wall / floor | RSS / floor |"
	echo "|---|---:|---:|---:|---:|"
	declare -A wall rss
	row() { # label cache-mode command...
		local label=$1 mode=$2
		shift 2
		local c
		c=$(coldcache "$dir")
		if [ "$mode" = warm ]; then
			measure "$dir" "$c" "$@" >/dev/null
		fi
		read -r w r <<<"$(measure "$dir" "$c" "$@")"
		rm -rf "$c"
		wall[$label]=$w
		rss[$label]=$r
	}
	row "floor, go vet -vettool" cold "$bin/floor" -driver=vet ./...
	row "fencecheck, go vet -vettool" cold "$bin/fencecheck" -driver=vet ./...
	labels=("floor, go vet -vettool" "fencecheck, go vet -vettool")
	if [ -n "$against" ]; then
		row "fencecheck@$against, go vet -vettool" cold "$bin/fencecheck-base" -driver=vet ./...
		labels+=("fencecheck@$against, go vet -vettool")
	fi
	row "fencecheck, go vet -vettool, warm" warm "$bin/fencecheck" -driver=vet ./...
	row "floor, go/packages" cold "$bin/floor" -driver=packages ./...
	row "fencecheck, go/packages" cold "$bin/fencecheck" -driver=packages ./...
	labels+=("fencecheck, go vet -vettool, warm" "floor, go/packages" "fencecheck, go/packages")
	if [ -n "$against" ]; then
		row "fencecheck@$against, go/packages" cold "$bin/fencecheck-base" -driver=packages ./...
		labels+=("fencecheck@$against, go/packages")
	fi
	row "staticcheck" cold "$bin/staticcheck" -checks=all ./...
	labels+=("staticcheck")
	for label in "${labels[@]}"; do
		base="floor, go vet -vettool"
		case $label in *go/packages*) base="floor, go/packages" ;; esac
		awk -v l="$label" -v w="${wall[$label]}" -v r="${rss[$label]}" -v bw="${wall[$base]}" -v br="${rss[$base]}" \
			'BEGIN { printf "| %s | %.2fs | %.0f MB | %.2f | %.2f |\n", l, w, r/1024, w/bw, r/br }'
	done
	unset wall rss
done
