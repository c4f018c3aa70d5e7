#!/usr/bin/env bash
# Installs (if missing) and starts the servers that the runtime tests use:
# PostgreSQL (user postgres, password postgres, 127.0.0.1:5432) and Redis
# (127.0.0.1:6379). Meant for a Debian 12 machine running as root without
# systemd. Idempotent: running it again leaves running servers alone.
#
# The defaults match the tests:
#   FENCECHECK_POSTGRES_DSN=postgres://postgres:postgres@127.0.0.1:5432/postgres?sslmode=disable
#   FENCECHECK_REDIS_ADDR=127.0.0.1:6379
set -euo pipefail

PG_PASSWORD="${PG_PASSWORD:-postgres}"
PG_PORT="${PG_PORT:-5432}"
REDIS_PORT="${REDIS_PORT:-6379}"

log() { echo "services: $*" >&2; }

need_install=()
if ! ls /usr/lib/postgresql/*/bin/postgres >/dev/null 2>&1; then
	need_install+=(postgresql)
fi
if ! command -v redis-server >/dev/null 2>&1; then
	need_install+=(redis-server)
fi
if [ "${#need_install[@]}" -gt 0 ]; then
	log "installing ${need_install[*]}"
	export DEBIAN_FRONTEND=noninteractive DEBCONF_NOWARNINGS=yes
	apt-get update -qq >/dev/null
	# Package scripts try to start the servers through the init system; with
	# no init system that fails, so forbid it and start them below.
	policy=/usr/sbin/policy-rc.d
	had_policy=0
	[ -e "$policy" ] && had_policy=1
	if [ "$had_policy" = 0 ]; then
		printf '#!/bin/sh\nexit 101\n' >"$policy"
		chmod +x "$policy"
	fi
	apt-get install -y -qq "${need_install[@]}" >/dev/null
	if [ "$had_policy" = 0 ]; then
		rm -f "$policy"
	fi
fi

# PostgreSQL: the newest installed major version, its "main" cluster.
pg_version="$(ls /usr/lib/postgresql | sort -V | tail -n 1)"
if ! pg_lsclusters -h 2>/dev/null | awk '{print $1" "$2}' | grep -qx "$pg_version main"; then
	log "creating PostgreSQL $pg_version cluster main"
	pg_createcluster "$pg_version" main --port "$PG_PORT" >/dev/null
fi
if ! pg_lsclusters -h | awk -v v="$pg_version" '$1==v && $2=="main" {print $4}' | grep -qx online; then
	log "starting PostgreSQL $pg_version main"
	mkdir -p /var/run/postgresql
	chown postgres:postgres /var/run/postgresql
	pg_ctlcluster "$pg_version" main start
fi
for _ in $(seq 1 60); do
	if pg_isready -q -h 127.0.0.1 -p "$PG_PORT"; then
		break
	fi
	sleep 0.5
done
pg_isready -h 127.0.0.1 -p "$PG_PORT" >/dev/null || {
	log "PostgreSQL does not answer on 127.0.0.1:$PG_PORT"
	exit 1
}
# Password authentication over TCP is the Debian default (scram-sha-256 for
# host connections); set the password the default DSN uses.
su postgres -c "psql -q -p $PG_PORT -v ON_ERROR_STOP=1 -c \"ALTER USER postgres WITH PASSWORD '$PG_PASSWORD'\"" >/dev/null

# Redis: daemonized, bound to loopback.
if ! redis-cli -h 127.0.0.1 -p "$REDIS_PORT" ping >/dev/null 2>&1; then
	log "starting redis-server on 127.0.0.1:$REDIS_PORT"
	mkdir -p /var/lib/redis /var/log/redis
	redis-server --daemonize yes --bind 127.0.0.1 --port "$REDIS_PORT" \
		--dir /var/lib/redis --save '' --appendonly no \
		--logfile /var/log/redis/redis-server-fencecheck.log >/dev/null
fi
for _ in $(seq 1 60); do
	if [ "$(redis-cli -h 127.0.0.1 -p "$REDIS_PORT" ping 2>/dev/null)" = PONG ]; then
		break
	fi
	sleep 0.5
done
[ "$(redis-cli -h 127.0.0.1 -p "$REDIS_PORT" ping 2>/dev/null)" = PONG ] || {
	log "Redis does not answer on 127.0.0.1:$REDIS_PORT"
	exit 1
}
log "PostgreSQL $pg_version on 127.0.0.1:$PG_PORT and Redis on 127.0.0.1:$REDIS_PORT are up"
