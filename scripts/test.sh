#!/usr/bin/env bash
# npm test: every suite the project has, in the order a failure is cheapest to find.
#   1. type check   2. server + web unit suites on embedded PGlite (flows included)
#   3. the server suites again on a real PostgreSQL server   4. the built site in real Chromium
# Ends with one line "N passed, M failed" summing every runner.
set -uo pipefail
cd "$(dirname "$0")/.."
mkdir -p .tmp/results
rm -f .tmp/results/*.json
status=0

step() { printf '\n== %s\n' "$*"; }

ensure_chromium() {
  if [ -x /usr/bin/chromium ]; then return 0; fi
  if [ "$(id -u)" = 0 ]; then
    step "Installing Debian's chromium for the browser tests"
    DEBIAN_FRONTEND=noninteractive apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  else
    echo "The browser tests need Chromium. Install it with:"
    echo "  sudo apt-get install -y chromium"
    exit 1
  fi
}

# Checked first, so a machine without Chromium hears it now rather than after the other suites.
ensure_chromium

step "Type check"
npx tsc --noEmit -p . || status=1

step "Unit, API, conversation and flow suites on embedded PGlite"
npx vitest run --reporter=default --reporter=json --outputFile=.tmp/results/vitest-pglite.json || status=1

step "Server suites on PostgreSQL"
if url=$(bash scripts/postgres.sh start); then
  TEST_DATABASE_URL="$url" npx vitest run --project server --reporter=default --reporter=json \
    --outputFile=.tmp/results/vitest-postgres.json || status=1
  bash scripts/postgres.sh stop
elif [ "${CI:-}" = true ]; then
  echo "PostgreSQL is required in CI but could not be started"; status=1
else
  echo "PostgreSQL is not installed: skipped this pass (install it with: sudo apt-get install -y postgresql)"
fi

step "Browser suites (Playwright in Chromium) on the built site"
npm run build --silent || status=1
PLAYWRIGHT_JSON_OUTPUT_NAME=.tmp/results/playwright.json npx playwright test --reporter=list,json 2>&1 | tee .tmp/results/playwright.log
[ "${PIPESTATUS[0]}" = 0 ] || status=1

node scripts/summarize-results.mjs .tmp/results || status=1
exit $status
