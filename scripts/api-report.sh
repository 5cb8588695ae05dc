#!/usr/bin/env bash
# The API report of every entry point (api/api-extractor.<entry>.json -> api/nestjs-tool-calling[-<entry>].api.md).
#   scripts/api-report.sh          check: fails when a report differs from the committed one (api:check)
#   scripts/api-report.sh --local  update the committed reports (api:update)
# A forgotten export (a signature naming a type the entry does not export) is an api-extractor error by default
# (api-extractor.base.json). The configs that relax it to a line in the report are checked here instead:
#   - an integration entry may name the root entry's types (its users import them from the root), nothing else;
#   - the root entry may name only the symbols of ROOT_FORGOTTEN_PENDING (empty: none), each being removed by a change.
# It also fails when a report of an entry listed in UNDOCUMENTED_ZERO has an "(undocumented)" member, and prints
# the undocumented count of every entry.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"

# Forgotten exports the root entry may have while a change is in flight (none now: the root's report must have none,
# and api-extractor.root.json then keeps the base config's error level). Name each with the change that removes it.
ROOT_FORGOTTEN_PENDING=()

# Entries whose every exported member is documented: all of them, kept at 0.
UNDOCUMENTED_ZERO=(root testing openai anthropic gemini mcp redis opentelemetry config ai-sdk ag-ui runs)

mode=()
[ "${1:-}" = "--local" ] && mode=(--local)

npm run build --silent
mkdir -p dist-api

failed=0
entries=()
for config in api/api-extractor.*.json; do
  entry="${config#api/api-extractor.}"
  entry="${entry%.json}"
  [ "$entry" = "base" ] && continue
  entries+=("$entry")
  if ! npx --no-install api-extractor run "${mode[@]}" -c "$config" >"dist-api/$entry.log" 2>&1; then
    cat "dist-api/$entry.log"
    echo "api-report: $entry: api-extractor failed" >&2
    failed=1
  fi
done

report_of() { [ "$1" = "root" ] && echo api/nestjs-tool-calling.api.md || echo "api/nestjs-tool-calling-$1.api.md"; }

root_report="$(report_of root)"
for entry in "${entries[@]}"; do
  report="$(report_of "$entry")"
  [ -f "$report" ] || continue
  while read -r symbol; do
    if [ "$entry" = "root" ]; then
      if [[ " ${ROOT_FORGOTTEN_PENDING[*]} " != *" $symbol "* ]]; then
        echo "api-report: root: \"$symbol\" needs to be exported by the root entry (or kept out of its signatures)" >&2
        failed=1
      fi
    elif ! grep -Eq "^export (declare )?(abstract )?(class|interface|type|const|function|enum|namespace) $symbol\b" \
      "$root_report"; then
      echo "api-report: $entry: \"$symbol\" is exported neither by this entry nor by the root entry" >&2
      failed=1
    fi
  done < <(grep -o 'ae-forgotten-export) The symbol "[^"]*"' "$report" | sed 's/.*"\(.*\)"/\1/' | sort -u)

  count="$(grep -c '(undocumented)' "$report" || true)"
  printf 'api-report: %-14s %4s undocumented\n' "$entry" "$count"
  for zero in "${UNDOCUMENTED_ZERO[@]}"; do
    if [ "$zero" = "$entry" ] && [ "$count" != "0" ]; then
      echo "api-report: $entry must have no undocumented member; document these:" >&2
      grep -A1 '(undocumented)' "$report" | grep -Ev '\(undocumented\)|^--$' >&2 || true
      failed=1
    fi
  done
done
exit "$failed"
