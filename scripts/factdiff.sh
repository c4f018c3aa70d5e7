#!/usr/bin/env bash
# factdiff.sh: do two builds of fencecheck export the same facts, package
# by package, and what does each cost?
#
#   scripts/factdiff.sh [-rounds N] [-top N] [-floor] [-flag F]... [-only S] [-keep DIR] REV_A REV_B [TARGET]
#
# REV_A and REV_B are git revisions of this repository, or "." for the
# working tree as it is. TARGET is "repo" (default), "heavydeps"
# (testdata/bench/heavydeps), "e2e:NAME" (testdata/e2e/NAME), "gen:N" (a
# generated module, internal/tools/genmod) or a module directory.
#
# It builds fencecheck at both revisions, and internal/tools/factdiff and
# the floor from the working tree, then runs
#
#   go vet -vettool=factdiff ./...
#
# on the target, from a fresh GOCACHE, with fencecheck@REV_A behind the
# factdiff wrapper: that captures each package's vet config, the fact file
# it wrote and its output. Then every captured package is replayed, in the
# order it finished, with both builds on the same inputs (the fact files
# of its dependencies that REV_A wrote), -rounds times each, alternating.
# It prints the packages whose fact file (compared byte for byte; on a
# difference, the decoded facts from -debug-factdump), output or exit
# status differ, and a table of per-package user+system CPU time and peak
# RSS (the least of the rounds). -floor replays the do-nothing floor too,
# on its own fact files. Exit status 1 when anything differs.
#
# -flag F passes F to every replayed tool and to the captured go vet run
# (for instance -flag -fencecheck_inventory, which makes the engine
# export SilentFacts). -only S replays only the packages whose ID contains
# S. -keep DIR keeps the capture (with the GOCACHE its configs name) and
# the replay's files (DIR/replay.tsv: every package's costs) in DIR; when
# DIR already holds a capture, it is replayed again without a new one (on
# a heavy module the capture is most of the time).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
rounds=1 top=15 floor= only= keep=
flags=()
while [ $# -gt 0 ]; do
	case $1 in
	-rounds) rounds=$2 && shift 2 ;;
	-top) top=$2 && shift 2 ;;
	-floor) floor=1 && shift ;;
	-flag) flags+=("$2") && shift 2 ;;
	-only) only=$2 && shift 2 ;;
	-keep) keep=$2 && shift 2 ;;
	-*) echo "factdiff.sh: unknown flag $1" >&2 && exit 2 ;;
	*) break ;;
	esac
done
if [ $# -lt 2 ] || [ $# -gt 3 ]; then
	sed -n '2,32s/^# \{0,1\}//p' "$0" >&2
	exit 2
fi
reva=$1 revb=$2 target=${3:-repo}
work=$(mktemp -d)
trees=()
cleanup() {
	for t in "${trees[@]}"; do git -C "$root" worktree remove --force "$t" >/dev/null 2>&1 || true; done
	chmod -R u+w "$work" 2>/dev/null
	rm -rf "$work"
}
trap cleanup EXIT
bin=$work/bin
mkdir -p "$bin"
(cd "$root" && go build -o "$bin/factdiff" ./internal/tools/factdiff && go build -o "$bin/floor" ./internal/tools/floor &&
	go build -o "$bin/genmod" ./internal/tools/genmod)

# build REV OUT builds fencecheck at REV ("." for the working tree) and
# prints the revision (not in a subshell: the worktree is removed on exit).
build() {
	local rev=$1 out=$2 src=$root
	if [ "$rev" != . ]; then
		src=$work/src-$(basename "$out")
		git -C "$root" worktree add --detach "$src" "$rev" >/dev/null 2>&1
		trees+=("$src")
	fi
	(cd "$src" && go build -o "$out" ./cmd/fencecheck)
	echo "$(cd "$src" && git rev-parse --short HEAD)$([ "$rev" = . ] && [ -n "$(git -C "$src" status --porcelain)" ] && echo +dirty)"
}
build "$reva" "$bin/a" >"$work/id-a"
build "$revb" "$bin/b" >"$work/id-b"
ida=$(cat "$work/id-a") idb=$(cat "$work/id-b")
name() { echo "${1/#.@/worktree@}" | tr -c 'A-Za-z0-9.+\n-' _; }
na=$(name "$reva@$ida") nb=$(name "$revb@$idb")
[ "$na" = "$nb" ] && na=a-$na nb=b-$nb

case $target in
repo) dir=$root ;;
heavydeps) dir=${keep:-$work}/heavydeps && { [ -d "$dir" ] || { mkdir -p "${keep:-$work}" && cp -r "$root/testdata/bench/heavydeps" "$dir"; }; } ;;
e2e:*) dir=$root/testdata/e2e/${target#e2e:} ;;
gen:*) dir=${keep:-$work}/gen${target#gen:} && { [ -d "$dir" ] || "$bin/genmod" -n "${target#gen:}" -o "$dir"; } ;;
*) dir=$(cd "$target" && pwd) ;;
esac

cap=${keep:-$work/capture}
echo "target $target ($dir); $na against $nb; $(uptime | sed 's/.*load/load/')" >&2
# The capture names export data in its GOCACHE: both live in $cap.
export GOCACHE=$cap/gocache XDG_CACHE_HOME=$cap/gocache/xdg GOFLAGS=-mod=mod GOWORK=off
if [ -n "$keep" ] && [ -f "$cap/order" ]; then
	echo "reusing the capture in $cap (its inputs, whichever build made it)" >&2
else
	rm -rf "$cap/order" "$cap/pkgs" "$cap/files" "$cap/gocache" "$cap/replay" && mkdir -p "$cap"
	(cd "$dir" && go build ./... >/dev/null 2>&1 || true)
	echo "capturing with $na ..." >&2
	(cd "$dir" && FACTDIFF_DIR=$cap FACTDIFF_TOOL=$bin/a go vet -vettool="$bin/factdiff" ${flags[@]+"${flags[@]}"} ./... >/dev/null 2>&1 || true)
fi
echo "$(wc -l <"$cap/order") packages captured; replaying ($rounds round(s)) ..." >&2
args=(-dir "$cap" -rounds "$rounds" -top "$top")
[ -n "$floor" ] && args+=(-floor "$bin/floor")
[ -n "$only" ] && args+=(-only "$only")
for f in ${flags[@]+"${flags[@]}"}; do args+=(-flag "$f"); done
rc=0
"$bin/factdiff" replay "${args[@]}" "$na=$bin/a" "$nb=$bin/b" || rc=$?
echo "done; $(uptime | sed 's/.*load/load/')" >&2
exit $rc
