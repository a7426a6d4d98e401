#!/usr/bin/env bash
# npm test: every suite the project has, in three lanes that run side by side:
#   test lane:     Vitest: the server's suites on embedded PGlite and again (those that open a
#                  database) on a throwaway PostgreSQL server, the web's components, the flows
#   browser lane:  site build, then Playwright on the built site
#   checks lane:   type check, lint (ESLint and knip)
# Within a lane, a part runs after the one before it whatever that one's result, so one run shows
# every failure. Each part writes its own log, printed whole when the part ends. Test files are found
# by the runners' own patterns (tests/**/*.test.ts, web/src/**/*.test.tsx, e2e/**/*.spec.ts): a new
# file is picked up without touching this script.
# Ends with the time each part took and one line "N passed, M failed" summing every runner; the exit
# status is 0 only when every part passed and at least one test ran.
set -uo pipefail
cd "$(dirname "$0")/.."
RESULTS=.tmp/results
rm -rf "$RESULTS" && mkdir -p "$RESULTS"

# The browser tests run in Debian's chromium-headless-shell (playwright.config.ts says why); the full
# chromium also works, at about 40% more CPU for the browser pass.
ensure_chromium() {
  if [ -x /usr/bin/chromium-headless-shell ]; then return 0; fi
  if [ "$(id -u)" = 0 ]; then
    echo "== Installing Debian's chromium-headless-shell for the browser tests"
    DEBIAN_FRONTEND=noninteractive apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium-headless-shell >/dev/null
  elif [ -x /usr/bin/chromium ]; then
    echo "The browser tests use the full chromium; they take less CPU in the headless shell:"
    echo "  sudo apt-get install -y chromium-headless-shell"
  else
    echo "The browser tests need Chromium. Install it with:"
    echo "  sudo apt-get install -y chromium-headless-shell"
    exit 1
  fi
}

# The parts. Each one's output goes to its log; its exit status decides whether it passed.
types() { npx tsc --noEmit -p .; }
lint() { npm run lint --silent; }
unit() {
  # One Vitest run over PGlite, PostgreSQL (the suites that open a database) and the web's components,
  # with the same workers for all three projects (Vitest runs the projects one after another).
  local url="" result
  if url=$(bash scripts/postgres.sh start); then
    :
  elif [ "${CI:-}" = true ]; then
    echo "PostgreSQL is required in CI but could not be started"; return 1
  else
    url=""
    echo "PostgreSQL is not installed: the PostgreSQL pass is skipped (install it with: sudo apt-get install -y postgresql)"
  fi
  TEST_POSTGRES_URL="$url" npx vitest run --maxWorkers="${VITEST_WORKERS:-3}" \
    --reporter=default --reporter=json --outputFile="$RESULTS/vitest.json"
  result=$?
  [ -z "$url" ] || bash scripts/postgres.sh stop
  return $result
}
build() { npm run build --silent; }
browser() {
  PLAYWRIGHT_JSON_OUTPUT_NAME="$RESULTS/playwright.json" npx playwright test --reporter=list,json
}

# Runs one part: its output into $RESULTS/<part>.log, then prints the log whole (never interleaved
# with the other lane's) with the part's result, wall time and CPU time (user + system, children
# included: the figure a busy machine disturbs least).
run_part() {
  local part=$1 rc
  local TIMEFORMAT='%R %U %S'
  { time "$part" >"$RESULTS/$part.log" 2>&1; rc=$?; } 2>"$RESULTS/$part.time"
  echo "$rc" >"$RESULTS/$part.rc"
  read -r wall user sys <"$RESULTS/$part.time"
  local verdict=passed; [ "$rc" = 0 ] || verdict="FAILED (exit $rc)"
  (
    flock 9
    printf '\n== %s: %s in %.0f s (CPU %.0f s)\n' "$part" "$verdict" "$wall" "$(cpu "$user" "$sys")"
    cat "$RESULTS/$part.log"
  ) 9>"$RESULTS/.print"
}
cpu() { awk -v user="$1" -v sys="$2" 'BEGIN { print user + sys }'; }
lane() { for part in "$@"; do run_part "$part"; done; }

# Checked first, so a machine without Chromium hears it now rather than after the other suites.
ensure_chromium

# Three lanes side by side. The two long parts (Vitest, Playwright) each start at once; the short
# static checks share the cores with them rather than delaying either.
TEST_LANE=(unit)
BROWSER_LANE=(build browser)
CHECKS_LANE=(types lint)
PARTS=("${TEST_LANE[@]}" "${BROWSER_LANE[@]}" "${CHECKS_LANE[@]}")
echo "npm test: ${TEST_LANE[*]} | ${BROWSER_LANE[*]} | ${CHECKS_LANE[*]} (lanes side by side; each part prints when it ends)"
started=$(date +%s)
lane "${TEST_LANE[@]}" &
lane "${BROWSER_LANE[@]}" &
lane "${CHECKS_LANE[@]}" &
wait

status=0
printf '\n== Times (wall / CPU seconds)\n'
for part in "${PARTS[@]}"; do
  read -r wall user sys <"$RESULTS/$part.time"
  printf '  %-9s %5.0f / %5.0f  %s\n' "$part" "$wall" "$(cpu "$user" "$sys")" \
    "$([ "$(cat "$RESULTS/$part.rc")" = 0 ] && echo passed || echo FAILED)"
  [ "$(cat "$RESULTS/$part.rc")" = 0 ] || status=1
done
printf '  %-9s %5d\n' total $(($(date +%s) - started))
for part in "${PARTS[@]}"; do
  [ "$(cat "$RESULTS/$part.rc")" = 0 ] || bash scripts/errors-outside-tests.sh "$part" "$RESULTS/$part.log" "$RESULTS"
done

node scripts/summarize-results.mjs "$RESULTS" vitest.json playwright.json || status=1
exit $status
