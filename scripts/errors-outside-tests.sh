#!/usr/bin/env bash
# A runner that exited non-zero: repeats, near the end of the output, what failed outside any test
# (Vitest's unhandled errors and failed hooks, which no test's result carries), so a log read from its
# last lines still says why CI failed when every test passed. Unhandled errors are also written as a
# report of their own in <results dir>, which summarize-results.mjs counts as failures.
#   bash scripts/errors-outside-tests.sh <part> <its log> <results dir>
part=$1 log=$2 results=$3
plain=$(sed 's/\x1b\[[0-9;]*m//g' "$log")
found=$(grep -A8 -m4 -E 'Unhandled (Error|Rejection)|Hook timed out|Test Files .*failed|Errors +[0-9]+ error' <<<"$plain")
printf '\n== %s exited non-zero. ' "$part"
if [ -z "$found" ]; then printf 'Its log above says why.\n'; exit 0; fi
printf 'What it reported outside any test:\n%s\n' "$found"
unhandled=$(grep -c -E '^⎯+ Unhandled (Rejection|Error) ⎯' <<<"$plain")
[ "$unhandled" -gt 0 ] || exit 0
first=$(grep -A3 -m1 -E '^⎯+ Unhandled (Rejection|Error) ⎯' <<<"$plain" | grep -m1 -E '^[A-Za-z]*Error|^Error' )
node -e 'const [part, count, message, file] = process.argv.slice(1); require("fs").writeFileSync(file, JSON.stringify({ outsideTests: { part, count: Number(count), message } }));' \
  "$part" "$unhandled" "${first:-unhandled error}" "$results/outside-$(printf %s "$part" | tr -c 'a-zA-Z0-9' '-').json"
