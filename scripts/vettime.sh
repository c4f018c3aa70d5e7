#!/usr/bin/env bash
# vettime.sh: a go vet -vettool wrapper that runs the tool named by
# $VETTIME_TOOL and appends one line per package analysis to $VETTIME_LOG:
#
#   wall_seconds  peak_rss_kb  vetx_only(true|false)  import_path
#
# Calls that only describe the tool (-V=full, -flags) are passed through
# unlogged. scripts/bench.sh uses it for its per-package tables:
#
#   VETTIME_TOOL=$(command -v fencecheck) VETTIME_LOG=/tmp/log \
#     go vet -vettool=scripts/vettime.sh ./...
set -u
cfg=${!#}
case $cfg in
*.cfg) ;;
*) exec "$VETTIME_TOOL" "$@" ;;
esac
out=$(mktemp)
/usr/bin/time -o "$out" -f '%e %M' "$VETTIME_TOOL" "$@"
rc=$?
pkg=$(sed -n 's/^[[:space:]]*"ImportPath": "\([^"]*\)",$/\1/p' "$cfg" | head -1)
vetx=$(sed -n 's/^[[:space:]]*"VetxOnly": \([a-z]*\),*$/\1/p' "$cfg" | head -1)
echo "$(tail -1 "$out") ${vetx:-?} $pkg" >>"$VETTIME_LOG"
rm -f "$out"
exit $rc
