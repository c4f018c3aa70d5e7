#!/usr/bin/env bash
# corpus.sh: run fencecheck over pinned public modules of job queues,
# schedulers, workflow engines and coordination code, every module of each
# codebase (nested modules are separate modules on the module proxy), and
# print every finding so that two runs can be diffed.
#
#   scripts/corpus.sh                  # every module below
#   scripts/corpus.sh MODULE@VER ...   # the named modules only
#   scripts/corpus.sh std              # the Go standard library (minutes)
#   scripts/corpus.sh -md              # run every module, then refresh the
#                                      # generated tables of docs/corpus.md
#   scripts/corpus.sh -md RUN.log      # refresh them from a saved run
#
# Output, per module:
#
#   == MODULE@VERSION exit=N findings=K time=Ts
#      path/to/file.go:LINE:COL: RULE: message
#
# with paths relative to the module root, findings sorted by file, line,
# column and rule. "time=" is the only field that varies between two runs on
# the same fencecheck; `grep -v '^=='` or `sed 's/ time=.*//'` removes it
# before a diff. A module whose packages do not all build here (cgo, build
# tags, unpublished test dependencies) exits 1 and its first errors are
# printed under "!!"; that is not a fencecheck failure. A panic or an internal
# error is, and makes the script exit 1.
#
# In -md mode the tables between the `corpus:summary` and `corpus:findings`
# markers of docs/corpus.md are rewritten. Each finding row keeps the verdict
# and the reason already written for it (matched by module, position and
# rule); a new finding gets the verdict "unjudged" for a person to fill in.
set -uo pipefail
export LC_ALL=C
root=$(cd "$(dirname "$0")/.." && pwd)

# Pinned by version, each fetched from the module proxy. One line per module:
# a codebase with nested modules lists every one the proxy serves.
modules=(
	# riverqueue/river (river, its drivers, shared code and types)
	github.com/riverqueue/river@v0.51.2
	github.com/riverqueue/river/riverdriver@v0.51.2
	github.com/riverqueue/river/riverdriver/riverpgxv5@v0.51.2
	github.com/riverqueue/river/riverdriver/riverdatabasesql@v0.51.2
	github.com/riverqueue/river/riverdriver/riversqlite@v0.51.2
	github.com/riverqueue/river/rivershared@v0.51.2
	github.com/riverqueue/river/rivertype@v0.51.2
	# acaloiaro/neoq
	github.com/acaloiaro/neoq@v0.72.2
	# gocraft/work
	github.com/gocraft/work@v0.5.1
	# vmihailenco/taskq v3
	github.com/vmihailenco/taskq/v3@v3.2.9
	# go-co-op/gocron v2
	github.com/go-co-op/gocron/v2@v2.21.2
	# ThreeDotsLabs/watermill and watermill-sql
	github.com/ThreeDotsLabs/watermill@v1.5.1
	github.com/ThreeDotsLabs/watermill-sql/v4@v4.1.2
	# vgarvardt/gue
	github.com/vgarvardt/gue/v5@v5.8.0
	# hibiken/asynq (x has no tagged release: the pseudo-version the proxy serves)
	github.com/hibiken/asynq@v0.26.0
	github.com/hibiken/asynq/x@v0.0.0-20211219150637-8dfabfccb3be
	# cschleiden/go-workflows
	github.com/cschleiden/go-workflows@v1.2.0
	# hashicorp/raft
	github.com/hashicorp/raft@v1.8.0
	# nats-io/nats-server
	github.com/nats-io/nats-server/v2@v2.15.2
	# zeromicro/go-zero (a Redis lock, MongoDB and SQL store wrappers)
	github.com/zeromicro/go-zero@v1.10.3
	# maragudk/goqite (an SQS-like queue in SQLite or PostgreSQL: a message
	# received with a visibility timeout, extended and deleted by id)
	maragu.dev/goqite@v0.4.0
	# centrifugal/centrifugo (a real-time notification server: consumers of
	# SQS, Pub/Sub, JetStream, Kafka, Redis streams, Azure Service Bus and a
	# PostgreSQL outbox under advisory locks)
	github.com/centrifugal/centrifugo/v6@v6.9.1
	# dbos-inc/dbos-transact-golang (durable workflows and queues on
	# PostgreSQL/pgx: a dequeue by FOR UPDATE SKIP LOCKED that sets a
	# per-claim owner id)
	github.com/dbos-inc/dbos-transact-golang@v1.8.0
	# kubernetes-sigs/descheduler (a leader-elected controller that evicts
	# pods under a client-go Lease)
	sigs.k8s.io/descheduler@v0.36.0
	# k8snetworkplumbingwg/whereabouts (cluster IPAM: allocations written
	# under a client-go Lease per pool)
	github.com/k8snetworkplumbingwg/whereabouts@v0.9.2
	# superfly/litefs (SQLite replication: the primary holds a Consul
	# session lock)
	github.com/superfly/litefs@v0.5.14
	# matrix-org/dendrite (a Matrix chat server: NATS JetStream pull
	# consumers with an ack deadline, writes to SQL)
	github.com/matrix-org/dendrite@v0.13.8
	# livekit/livekit-server (a WebRTC media server: a hand-written go-redis
	# SetNX room lock around a read-modify-write of the room; v1.13 replaces
	# pion modules by forks the proxy does not serve)
	github.com/livekit/livekit-server@v1.9.11
	# ThreeDotsLabs/watermill-amqp (RabbitMQ consumer on amqp091-go: a
	# delivery held until ack)
	github.com/ThreeDotsLabs/watermill-amqp/v3@v3.0.2
	# ThreeDotsLabs/watermill-kafka (Kafka consumer groups on sarama: a
	# partition held while assigned)
	github.com/ThreeDotsLabs/watermill-kafka/v3@v3.0.6
	# go-gitea/gitea (a Git hosting and CI server: redsync global locks, CI
	# jobs reserved by remote runners; writes through xorm)
	code.gitea.io/gitea@v1.26.0
	# oauth2-proxy/oauth2-proxy (an authenticating reverse proxy: a Redis
	# lock per session, taken through its own Lock type over bsm/redislock,
	# around a token refresh that posts to the identity provider and saves
	# the session back to Redis)
	github.com/oauth2-proxy/oauth2-proxy/v7@v7.15.6
	# pressly/goose (database migrations: a lease table taken by an upsert
	# when free or expired, kept by a heartbeat, released by holder; or a
	# Postgres session lock; migrations and version rows written under it)
	github.com/pressly/goose/v3@v3.30.0
	# riverqueue/riverui (River's web UI and API on pgx, queries generated
	# by sqlc through DBTX; it takes no lease: a precision control for the
	# generated-query reader)
	riverqueue.com/riverui@v0.22.0
	# adjust/rmq (a message queue in Redis lists: a payload reserved by a
	# move into the connection's unacked list, returned by a cleaner when
	# the connection's heartbeat expires, acknowledged by LREM with the
	# count checked)
	github.com/adjust/rmq/v5@v5.2.0
	# nsqio/nsq (a queue server: messages in flight per client with a
	# timeout, FIN/REQ/TOUCH checked against the owning client)
	github.com/nsqio/nsq@v1.3.0
	# ThreeDotsLabs watermill consumers: SQS, Pub/Sub, JetStream, Redis
	# streams (XREADGROUP, XCLAIM of idle entries, XACK by id)
	github.com/ThreeDotsLabs/watermill-aws@v1.0.1
	github.com/ThreeDotsLabs/watermill-googlecloud/v2@v2.0.0
	github.com/ThreeDotsLabs/watermill-nats/v2@v2.1.3
	github.com/ThreeDotsLabs/watermill-redisstream@v1.4.3
)

# Dependency versions required on top of a module's go.mod. A module
# published before Go modules has no go.mod in its zip (the script writes
# one) and needs its dependencies pinned here; asynq/x replaces asynq by the
# parent directory, which is not in its zip, and asynq before v0.2x still
# held x/ itself. Packages needing modules the proxy does not serve are left
# out (see check).
declare -A requires=(
	[github.com/gocraft/work@v0.5.1]="github.com/gomodule/redigo@v1.8.9 github.com/robfig/cron@v1.2.0 github.com/stretchr/testify@v1.8.4 github.com/braintree/manners@v0.0.0-20150503212558-0b5e6b2c2843"
	[github.com/hibiken/asynq/x@v0.0.0-20211219150637-8dfabfccb3be]="github.com/hibiken/asynq@v0.26.0"
)

# Build tags a module needs for its test helpers to compile.
declare -A buildtags=(
	[github.com/acaloiaro/neoq@v0.72.2]="testing"
	[github.com/k8snetworkplumbingwg/whereabouts@v0.9.2]="test"
)

doc="$root/docs/corpus.md"
md=0
runlog=
if [ "${1:-}" = -md ]; then
	md=1
	shift
	if [ $# -gt 0 ]; then
		runlog=$1
		shift
	fi
fi
if [ $# -gt 0 ]; then
	modules=("$@")
fi

work=$(mktemp -d)
trap 'chmod -R u+w "$work" 2>/dev/null; rm -rf "$work"' EXIT

# check runs fencecheck in a directory and prints its findings.
check() {
	local label=$1 dir=$2
	local tags=${buildtags[$label]:-}
	shift 2
	local start=$SECONDS
	local skipped=
	if [ "$label" != std ]; then
		# A package whose imports (or whose tests' imports) cannot be
		# loaded here would stop go vet for the whole pattern: leave it out
		# and say so.
		# Other load errors (a build tag, a type error) are go vet's to
		# report; only an import no module provides stops it.
		(cd "$dir" && GOFLAGS=-mod=mod GOWORK=off go list -e -test ${tags:+-tags "$tags"} \
			-f '{{.ImportPath}}|{{.ForTest}}|{{with .Error}}{{printf "%q" .}}{{end}}{{range .DepsErrors}}{{printf "%q" .}}{{end}}' "$@" 2>/dev/null) |
			awk -F'|' '{ p = $1; sub(/ \[.*/, "", p); sub(/\.test$/, "", p); if ($2 != "") p = $2
				seen[p] = 1
				if ($3 ~ /no required module|reading https|go\.sum|cannot find module|unknown revision|is not available/) bad[p] = 1 }
				END { for (p in seen) print (p in bad ? "bad " : "ok ") p }' | sort >"$work/pkgs"
		skipped=$(sed -n 's/^bad //p' "$work/pkgs" | tr '\n' ' ')
		if [ -n "$skipped" ]; then
			set -- $(sed -n 's/^ok //p' "$work/pkgs")
		fi
	fi
	if [ $# -gt 0 ]; then
		(cd "$dir" && GOFLAGS=-mod=mod GOWORK=off "$work/fencecheck" ${tags:+-tags "$tags"} "$@" >"$work/out" 2>"$work/err")
	else
		: >"$work/out"
		echo "no package loads here" >"$work/err"
		false
	fi
	local rc=$?
	# file:line:col: message (rule) -> file:line:col: rule: message, with
	# the module root stripped from absolute paths.
	sed -e "s#^$dir/##" -e "s#^$(go env GOROOT)/src/##" -e 's#^\./##' \
		-e 's/^\([^:]*:[0-9]*:[0-9]*\): \(.*\) (\([a-z]*\))$/\1: \3: \2/' "$work/out" |
		grep . | sort -t: -k1,1 -k2,2n -k3,3n -k4,4 >"$work/sorted"
	local n
	n=$(grep -c . "$work/sorted")
	echo "== $label exit=$rc findings=$n time=$((SECONDS - start))s"
	local note
	for note in "${notes[@]}"; do
		echo "!! $label: $note"
	done
	notes=()
	sed 's/^/   /' "$work/sorted"
	if [ -n "$skipped" ]; then
		echo "!! $label: packages that do not load here (missing dependencies), not analysed:"
		echo "!!   $skipped"
	fi
	if grep -qiE 'internal error|panic|goroutine [0-9]+ \[' "$work/err"; then
		echo "!! $label: panic or internal error:"
		sed 's/^/!!   /' "$work/err" | head -40
		failed=1
	elif [ $rc -ne 0 ] && [ $rc -ne 3 ]; then
		echo "!! $label: some packages did not build here (not a fencecheck failure):"
		grep -v '^go: downloading' "$work/err" | sed -e "s#$dir#.#g" -e "s#$(go env GOMODCACHE)/##g" | head -8 | sed 's/^/!!   /'
	fi
}

# runall runs every module of the list, in order, one at a time.
runall() {
	(cd "$root" && go build -o "$work/fencecheck" ./cmd/fencecheck) || exit 1
	echo "# fencecheck $(cd "$root" && git rev-parse --short HEAD 2>/dev/null || echo unknown), $(go version | cut -d' ' -f3), $(date -u +%Y-%m-%d)"
	failed=0
	notes=()
	local m dir copy
	for m in "${modules[@]}"; do
		case $m in \#*) continue ;; esac
		if [ "$m" = std ]; then
			check "std" "$root" std
			continue
		fi
		dir=$(cd "$work" && GOFLAGS=-mod=mod go mod download -json "$m" | sed -n 's/^\t"Dir": "\(.*\)",$/\1/p')
		if [ -z "$dir" ]; then
			echo "== $m exit=- findings=- time=-"
			echo "!! $m: cannot download"
			failed=1
			continue
		fi
		copy="$work/src/${m//[@\/]/_}"
		mkdir -p "$copy" && cp -r "$dir/." "$copy" && chmod -R u+w "$copy"
		if [ ! -f "$copy/go.mod" ]; then
			(cd "$copy" && go mod init "${m%@*}" >/dev/null 2>&1) || notes+=("cannot write a go.mod")
		fi
		# A replace by a local path points into the repository, outside the
		# module zip: use the required version from the proxy instead.
		local r
		for r in $(sed -n 's/^\(replace\)\{0,1\}[[:space:]]*\([^[:space:]]*\)\( v[^[:space:]]*\)\{0,1\} => \.\{1,2\}\/.*/\2/p' "$copy/go.mod"); do
			(cd "$copy" && go mod edit -dropreplace="$r")
			notes+=("dropped the local replace of $r")
		done
		if [ -n "${requires[$m]:-}" ]; then
			(cd "$copy" && GOFLAGS=-mod=mod GOWORK=off go get ${requires[$m]} >/dev/null 2>&1) ||
				notes+=("cannot require ${requires[$m]}")
		fi
		check "$m" "$copy" ./...
		rm -rf "$copy"
	done
	return $failed
}

# render rewrites the generated sections of docs/corpus.md from a run log.
render() {
	local log=$1
	[ -f "$doc" ] || {
		echo "corpus.sh: $doc does not exist" >&2
		exit 1
	}
	awk -v logfile="$log" -v docfile="$doc" '
	function esc(s) { gsub(/\|/, "\\|", s); return s }
	function trim(s) { sub(/^ +/, "", s); sub(/ +$/, "", s); return s }
	BEGIN {
		# Verdicts already written: "module<TAB>position<TAB>rule" -> "verdict | why".
		while ((getline line < docfile) > 0) {
			if (line ~ /^#### /) { mod = substr(line, 6); sub(/@.*/, "", mod) }
			if (line ~ /^\| `/ && mod != "") {
				n = split(line, c, / \| /)
				pos = c[1]; sub(/^\| `/, "", pos); sub(/`$/, "", pos)
				rule = c[2]
				why = c[5]; for (i = 6; i <= n; i++) why = why " | " c[i]
				sub(/ \|$/, "", why)
				old[mod "\t" pos "\t" rule] = c[4] " | " why
			}
		}
		close(docfile)
		# The run.
		while ((getline line < logfile) > 0) {
			if (line ~ /^# fencecheck /) { header = substr(line, 3); continue }
			if (line ~ /^== /) {
				split(substr(line, 4), f, " ")
				m = f[1]; nm++; mods[nm] = m
				ex[m] = f[2]; sub(/^exit=/, "", ex[m])
				cnt[m] = f[3]; sub(/^findings=/, "", cnt[m])
				tm[m] = f[4]; sub(/^time=/, "", tm[m])
				nf[m] = 0
				continue
			}
			if (line ~ /^   / && nm > 0) {
				s = substr(line, 4)
				# file:line:col: rule: message
				match(s, /^[^:]+:[0-9]+:[0-9]+: /)
				pos = substr(s, 1, RLENGTH - 2); rest = substr(s, RLENGTH + 1)
				i = index(rest, ": ")
				nf[m]++; fp[m, nf[m]] = pos; fr[m, nf[m]] = substr(rest, 1, i - 1); fm[m, nf[m]] = substr(rest, i + 2)
			}
			if (line ~ /^!! .*did not build/) { want = "berr"; continue }
			if (line ~ /^!! .*do not load/) { want = "skip"; continue }
			if (line ~ /^!!   / && nm > 0) {
				t = trim(substr(line, 6))
				if (want == "skip") { skip_[m] = t; want = "" }
				else if (want == "berr" && t !~ /go vet failed|^#/) { berr[m] = t; want = "" }
			}
		}
	}
	/<!-- corpus:summary:begin -->/ {
		print; skip = 1
		print ""
		print "Run: `" header "`."
		print ""
		print "| module | version | exit | findings | time |"
		print "|---|---|---|---|---|"
		for (k = 1; k <= nm; k++) {
			m = mods[k]; v = m; sub(/.*@/, "", v); p = m; sub(/@.*/, "", p)
			print "| " p " | " v " | " ex[m] " | " cnt[m] " | " tm[m] " |"
		}
		print ""
		next
	}
	/<!-- corpus:findings:begin -->/ {
		print; skip = 1
		for (k = 1; k <= nm; k++) {
			m = mods[k]; p = m; sub(/@.*/, "", p)
			if (nf[m] == 0 && !(m in berr) && !(m in skip_)) continue
			print ""
			print "#### " m
			print ""
			if (m in skip_) {
				print "Left out (imports no served module provides): `" esc(skip_[m]) "`"
				print ""
			}
			if (m in berr) {
				print "Not every package built: `" esc(berr[m]) "`"
				print ""
			}
			if (nf[m] == 0) { print "No findings."; continue }
			print "| position | rule | message | verdict | why |"
			print "|---|---|---|---|---|"
			for (j = 1; j <= nf[m]; j++) {
				key = p "\t" fp[m, j] "\t" fr[m, j]
				vw = (key in old) ? old[key] : "unjudged | "
				print "| `" fp[m, j] "` | " fr[m, j] " | " esc(fm[m, j]) " | " vw " |"
			}
		}
		print ""
		next
	}
	/<!-- corpus:(summary|findings):end -->/ { skip = 0 }
	!skip { print }
	' "$doc" >"$work/corpus.md" || exit 1
	if ! grep -q 'corpus:findings:end' "$work/corpus.md"; then
		echo "corpus.sh: $doc has no corpus:findings markers; not rewritten" >&2
		exit 1
	fi
	mv "$work/corpus.md" "$doc"
	echo "corpus.sh: rewrote the tables of $doc" >&2
}

if [ $md -eq 1 ]; then
	if [ -z "$runlog" ]; then
		runlog="$work/run.log"
		runall | tee "$runlog"
		rc=${PIPESTATUS[0]}
	else
		rc=0
	fi
	render "$runlog"
	exit $rc
fi
runall
