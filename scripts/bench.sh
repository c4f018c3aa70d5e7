#!/usr/bin/env bash
# bench.sh: wall time and peak memory of fencecheck against the do-nothing
# floor (one analyzer with a fact type, same drivers: the load and
# type-check floor) and staticcheck, on the same packages, in one go.
#
#   scripts/bench.sh [-against REV] [-rounds N] [-vet-only] [-top N] [TARGET...]
#
# A TARGET is "repo" (this repository), "gen:N" (a generated module of N
# packages, see internal/tools/genmod), "heavydeps" (testdata/bench/heavydeps:
# a small service module importing client-go, the AWS SDK v2, the Temporal
# SDK, the etcd client, go-redis and pgx, ~1,070 packages in all),
# MODULE@VERSION (fetched from the module proxy) or a module directory.
# Default: repo, gen:10, gen:100, gen:1000 and three job-queue and
# coordination modules.
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
# -rounds N repeats the cold go vet rows N times, alternating floor and
# fencecheck (and fencecheck@REV), and reports every round, so that the
# noise of a shared machine shows. -vet-only leaves out the go/packages
# rows (which hold every package in one process: gigabytes on heavydeps).
#
# The go vet rows run "go vet -vettool=TOOL ./..." as a user would. Per
# package: one more cold go vet run of each tool goes through
# scripts/vettime.sh, a wrapper that logs the wall time and peak RSS of
# every per-package vet process (dependencies, analysed only for their
# facts, included); a second table lists the -top N (default 10) packages
# where fencecheck costs the most over the floor, and the sums.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'chmod -R u+w "$work" 2>/dev/null; [ -d "$work/base-src" ] && git -C "$root" worktree remove --force "$work/base-src" 2>/dev/null; rm -rf "$work"' EXIT
against= rounds=1 vetonly= top=10
while [ $# -gt 0 ]; do
	case $1 in
	-against) against=$2 && shift 2 ;;
	-rounds) rounds=$2 && shift 2 ;;
	-top) top=$2 && shift 2 ;;
	-vet-only) vetonly=1 && shift ;;
	*) break ;;
	esac
done
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
	heavydeps)
		local d=$work/heavydeps
		[ -d "$d" ] || cp -r "$root/testdata/bench/heavydeps" "$d"
		echo "$d"
		;;
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

# coldcache DIR prints a fresh GOCACHE with DIR's dependencies compiled
# and nothing analysed: a copy of a template built once per target.
coldcache() {
	local c t=$work/template-${1//\//_}
	if [ ! -d "$t" ]; then
		mkdir -p "$t"
		(cd "$1" && GOCACHE=$t GOFLAGS=-mod=mod GOWORK=off go build ./... >/dev/null 2>&1 || true)
	fi
	c=$(mktemp -d "$work/cache.XXXX")
	cp -a "$t/." "$c"
	echo "$c"
}

# vetlogged TOOL LOG ARGS... runs go vet with TOOL behind the timing
# wrapper, which appends one line per package to LOG.
vetlogged() {
	local tool=$1 log=$2
	shift 2
	rm -f "$log"
	VETTIME_TOOL=$tool VETTIME_LOG=$log go vet -vettool="$root/scripts/vettime.sh" "$@"
}
export -f vetlogged
export root

# pertable prints the per-package table of the first round: the -top
# packages by fencecheck's wall time over the floor's, then the sums over
# all packages (CPU-bound processes, two at a time: the sums exceed the
# wall time of the run).
pertable() {
	local logs=("$work/pkg-floor1" "$work/pkg-fc1") head="| package | floor | fencecheck"
	if [ -n "$against" ]; then
		logs+=("$work/pkg-base1")
		head+=" | fencecheck@$against"
	fi
	echo
	echo "Per package (wall s / peak RSS MB; the $top costliest over the floor, then all packages):"
	echo
	echo "$head | fencecheck / floor |"
	echo "|---|---:|---:|$([ -n "$against" ] && echo -n '---:|')---:|"
	awk -v top="$top" -v n=${#logs[@]} '
		FNR == 1 { f++ }
		{ w[f, $4] = $1; r[f, $4] = $2; if (f == 1) pk[$4] = 1 }
		END {
			for (p in pk) if ((2, p) in w) {
				d[p] = w[2, p] - w[1, p]
				for (i = 1; i <= n; i++) { tw[i] += w[i, p]; if (r[i, p] > tr[i]) tr[i] = r[i, p] }
			}
			m = 0
			for (p in d) order[++m] = p
			for (i = 1; i <= m; i++) for (j = i + 1; j <= m; j++) if (d[order[j]] > d[order[i]]) { t = order[i]; order[i] = order[j]; order[j] = t }
			for (k = 1; k <= top && k <= m; k++) {
				p = order[k]; line = "| " p
				for (i = 1; i <= n; i++) line = line sprintf(" | %.2f / %.0f", w[i, p], r[i, p] / 1024)
				printf "%s | %.2f |\n", line, (w[1, p] > 0 ? w[2, p] / w[1, p] : 0)
			}
			line = "| all " m " packages (sum, max)"
			for (i = 1; i <= n; i++) line = line sprintf(" | %.1f / %.0f", tw[i], tr[i] / 1024)
			printf "%s | %.2f |\n", line, tw[2] / tw[1]
		}' "${logs[@]}"
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
	labels=()
	for ((i = 1; i <= rounds; i++)); do
		sfx=
		[ "$rounds" -gt 1 ] && sfx=" #$i"
		row "floor, go vet -vettool$sfx" cold go vet -vettool="$bin/floor" ./...
		row "fencecheck, go vet -vettool$sfx" cold go vet -vettool="$bin/fencecheck" ./...
		labels+=("floor, go vet -vettool$sfx" "fencecheck, go vet -vettool$sfx")
		if [ -n "$against" ]; then
			row "fencecheck@$against, go vet -vettool$sfx" cold go vet -vettool="$bin/fencecheck-base" ./...
			labels+=("fencecheck@$against, go vet -vettool$sfx")
		fi
	done
	row "fencecheck, go vet -vettool, warm" warm "$bin/fencecheck" -driver=vet ./...
	labels+=("fencecheck, go vet -vettool, warm")
	if [ -z "$vetonly" ]; then
		row "floor, go/packages" cold "$bin/floor" -driver=packages ./...
		row "fencecheck, go/packages" cold "$bin/fencecheck" -driver=packages ./...
		labels+=("floor, go/packages" "fencecheck, go/packages")
		if [ -n "$against" ]; then
			row "fencecheck@$against, go/packages" cold "$bin/fencecheck-base" -driver=packages ./...
			labels+=("fencecheck@$against, go/packages")
		fi
	fi
	row "staticcheck" cold "$bin/staticcheck" -checks=all ./...
	labels+=("staticcheck")
	# The per-package runs, through the timing wrapper (whose own cost,
	# a few milliseconds a package, stays out of the rows above).
	row "per-package floor" cold bash -c "vetlogged $bin/floor $work/pkg-floor1 ./..."
	row "per-package fencecheck" cold bash -c "vetlogged $bin/fencecheck $work/pkg-fc1 ./..."
	if [ -n "$against" ]; then
		row "per-package base" cold bash -c "vetlogged $bin/fencecheck-base $work/pkg-base1 ./..."
	fi
	for label in "${labels[@]}"; do
		base="floor, go vet -vettool"
		[ "$rounds" -gt 1 ] && base="floor, go vet -vettool #1"
		case $label in *go/packages*) base="floor, go/packages" ;; *"#"*) base="floor, go vet -vettool #${label##*#}" ;; esac
		awk -v l="$label" -v w="${wall[$label]}" -v r="${rss[$label]}" -v bw="${wall[$base]}" -v br="${rss[$base]}" \
			'BEGIN { printf "| %s | %.2fs | %.0f MB | %.2f | %.2f |\n", l, w, r/1024, w/bw, r/br }'
	done
	pertable
	unset wall rss
done
