#!/usr/bin/env bash
# A throwaway PostgreSQL server for the test run, on 127.0.0.1 with a password role.
#   scripts/postgres.sh start  -> prints the connection URL (exit 1 when PostgreSQL is not installed)
#   scripts/postgres.sh stop
# The port is ISOKO_TEST_PG_PORT, or a free one chosen at start and remembered in .tmp/postgres-port
# for stop. TEST_DATABASE_URL, when already set, is used as it is and nothing is started.
set -euo pipefail
cd "$(dirname "$0")/.."
PORT_FILE=.tmp/postgres-port

if [ -n "${TEST_DATABASE_URL:-}" ]; then [ "$1" = start ] && echo "$TEST_DATABASE_URL"; exit 0; fi
if [ -n "${ISOKO_TEST_PG_PORT:-}" ]; then PORT=$ISOKO_TEST_PG_PORT
elif [ "$1" = start ]; then PORT=$(node scripts/free-port.mjs); mkdir -p .tmp; echo "$PORT" >"$PORT_FILE"
elif [ -f "$PORT_FILE" ]; then PORT=$(cat "$PORT_FILE")
else exit 0
fi
DIR=/tmp/isoko-test-pg-$PORT
URL="postgres://isoko:isoko@127.0.0.1:$PORT/postgres"
BIN=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
[ -n "$BIN" ] && [ -x "$BIN/initdb" ] || exit 1

# initdb refuses to run as root: run the server as the postgres user then.
as_owner() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }

case "$1" in
  start)
    as_owner "$BIN/pg_ctl" -D "$DIR/data" stop -m immediate >/dev/null 2>&1 || true
    rm -rf "$DIR" && mkdir -p "$DIR"
    [ "$(id -u)" = 0 ] && chown postgres "$DIR"
    as_owner "$BIN/initdb" -D "$DIR/data" -U postgres --auth-local=trust --auth-host=scram-sha-256 >"$DIR/initdb.log" 2>&1
    as_owner "$BIN/pg_ctl" -D "$DIR/data" -w -l "$DIR/server.log" \
      -o "-p $PORT -k $DIR -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200" start >/dev/null
    # pg_signal_backend: a test file's database is dropped WITH (FORCE), which must also end an
    # autovacuum worker busy in it, and PostgreSQL lets only that role end a worker owned by no one.
    as_owner "$BIN/psql" -h "$DIR" -p "$PORT" -U postgres -qc "CREATE ROLE isoko LOGIN CREATEDB PASSWORD 'isoko'; GRANT pg_signal_backend TO isoko" postgres
    echo "$URL"
    ;;
  stop)
    as_owner "$BIN/pg_ctl" -D "$DIR/data" stop -m fast >/dev/null 2>&1 || true
    rm -rf "$DIR"
    [ -n "${ISOKO_TEST_PG_PORT:-}" ] || rm -f "$PORT_FILE"
    ;;
esac
