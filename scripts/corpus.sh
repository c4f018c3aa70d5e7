#!/usr/bin/env bash
# corpus.sh: run fencecheck over the Go standard library and over pinned
# public modules of workflow engines, job queues and coordination code.
# It prints every finding (for a person to judge) and fails on any panic or
# internal error. Packages that do not build on this machine (cgo, build
# tags) are listed as skipped, not failed.
#
#   scripts/corpus.sh            # the standard library and every module below
#   scripts/corpus.sh std        # only the standard library
#   scripts/corpus.sh MODULE@VER # one module from the module proxy
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'chmod -R u+w "$work" 2>/dev/null; rm -rf "$work"' EXIT

# Pinned by version; each is fetched from the module proxy.
modules=(
	github.com/cschleiden/go-workflows@v1.2.0
	github.com/ThreeDotsLabs/watermill@v1.5.1
	github.com/ThreeDotsLabs/watermill-sql/v4@v4.1.2
	github.com/hashicorp/raft@v1.8.0
	github.com/vgarvardt/gue/v5@v5.8.0
	github.com/riverqueue/river@v0.51.2
	github.com/hibiken/asynq@v0.26.0
	github.com/nats-io/nats-server/v2@v2.15.2
)
if [ $# -gt 0 ]; then
	modules=("$@")
fi

(cd "$root" && go build -o "$work/fencecheck" ./cmd/fencecheck) || exit 1
failed=0

# check runs fencecheck in a directory and judges the outcome.
check() {
	local label=$1 dir=$2
	shift 2
	local start=$SECONDS
	(cd "$dir" && GOFLAGS=-mod=mod GOWORK=off "$work/fencecheck" "$@" >"$work/out" 2>"$work/err")
	local rc=$?
	local n
	n=$(grep -c . "$work/out")
	echo "== $label: exit $rc, $n findings, $((SECONDS - start))s"
	sed 's/^/   /' "$work/out"
	if grep -qiE 'internal error|panic|goroutine [0-9]+ \[' "$work/err"; then
		echo "!! $label: panic or internal error:"
		sed 's/^/   /' "$work/err" | head -40
		failed=1
	elif [ $rc -eq 1 ]; then
		echo "   (some packages did not build here; not a fencecheck failure:)"
		grep -v '^go: downloading' "$work/err" | head -8 | sed 's/^/   /'
	fi
}

for m in "${modules[@]}"; do
	if [ "$m" = std ]; then
		check "std" "$root" std
		continue
	fi
	dir=$(cd "$work" && GOFLAGS=-mod=mod go mod download -json "$m" | sed -n 's/^\t"Dir": "\(.*\)",$/\1/p')
	if [ -z "$dir" ]; then
		echo "!! $m: cannot download"
		failed=1
		continue
	fi
	copy="$work/src/${m//[@\/]/_}"
	mkdir -p "$copy" && cp -r "$dir/." "$copy" && chmod -R u+w "$copy"
	check "$m" "$copy" ./...
done
[ $# -gt 0 ] || check "std" "$root" std
exit $failed
