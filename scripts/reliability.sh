#!/usr/bin/env bash
# npm run test:reliability: the long part of the reliability suite.
#   1. on embedded PGlite: the crash test, backup/restore, the property tests with 10x the runs,
#      the access matrix, and the soak (SOAK_SECONDS, 300 by default)
#   2. the same but the soak on a throwaway PostgreSQL server (required in CI), and two instances
#      behind HAProxy and nginx (deploy/): SIGKILL under 200 order placements, rolling restarts
#      under load (HAProxy and nginx required in CI)
# Stops by itself; ends with one line "N passed, M failed" and exits non-zero on any failure.
set -uo pipefail
cd "$(dirname "$0")/.."
results=.tmp/reliability-results
mkdir -p "$results"
rm -f "$results"/*.json
status=0
export RELIABILITY_SCALE=${RELIABILITY_SCALE:-10}
config=tests/reliability/long/vitest.config.ts

printf '\n== Reliability on embedded PGlite (soak %s s)\n' "${SOAK_SECONDS:-300}"
npx vitest run --config "$config" --reporter=default --reporter=json --outputFile="$results/pglite.json" 2>&1 | tee "$results/pglite.log"
[ "${PIPESTATUS[0]}" = 0 ] || { status=1; bash scripts/errors-outside-tests.sh 'reliability on PGlite' "$results/pglite.log" "$results"; }

printf '\n== Reliability on PostgreSQL\n'
if url=$(bash scripts/postgres.sh start); then
  TEST_DATABASE_URL="$url" npx vitest run --config "$config" --reporter=default --reporter=json \
    --outputFile="$results/postgres.json" --exclude 'tests/reliability/long/soak.long.ts' 2>&1 | tee "$results/postgres.log"
  [ "${PIPESTATUS[0]}" = 0 ] || { status=1; bash scripts/errors-outside-tests.sh 'reliability on PostgreSQL' "$results/postgres.log" "$results"; }
  bash scripts/postgres.sh stop
elif [ "${CI:-}" = true ]; then
  echo "PostgreSQL is required in CI but could not be started"; status=1
else
  echo "PostgreSQL is not installed: skipped this pass (install it with: sudo apt-get install -y postgresql)"
fi

node scripts/summarize-results.mjs "$results" || status=1
exit $status
