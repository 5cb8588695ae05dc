#!/usr/bin/env bash
# Compiles TypeScript consumers of the packed library with `skipLibCheck: false`, so every .d.ts an entry reaches is
# checked: the root entry with only the required peers installed, and each optional package's entry with only that
# package added. An optional package's types must be reachable only from its own entry.
#   scripts/consumer-types-check.sh [TARBALL]   (packs the library when no tarball is given)
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
# TypeScript looks for packages in every ancestor's node_modules: one there would hide a missing package.
for dir in "$(dirname "$work")" $(dirname "$work" | awk -F/ '{p=""; for (i=2; i<NF; i++) {p=p"/"$i; print p}}') /; do
  if [ -e "$dir/node_modules" ]; then
    echo "consumer-types: $dir/node_modules exists above $work; set TMPDIR to a directory without one" >&2
    exit 1
  fi
done
cd "$root"
tarball="${1:-}"
if [ -z "$tarball" ]; then
  tarball="$work/$(npm pack --silent --pack-destination "$work" | tail -n 1)"
fi

# The versions this repository is tested with (package-lock.json), so the check does not follow a new major.
locked() { node -p "require('./node_modules/$1/package.json').version"; }
required=(@nestjs/common@11 @nestjs/core@11 reflect-metadata rxjs "typescript@$(locked typescript)"
  "@types/node@$(locked @types/node)")
# entry:package[+package…] — the optional peers each entry needs.
entries=(
  "openai:openai"
  "anthropic:@anthropic-ai/sdk"
  "gemini:@google/genai"
  "mcp:@modelcontextprotocol/server+@modelcontextprotocol/client+@modelcontextprotocol/node"
  "redis:ioredis"
  "opentelemetry:@opentelemetry/api"
  "config:@nestjs/config"
  "ag-ui:@ag-ui/core"
  "runs:bullmq+ioredis"
)
optional=()
for pair in "${entries[@]}"; do
  IFS=+ read -ra packages <<<"${pair#*:}"
  for package in "${packages[@]}"; do
    [[ " ${optional[*]} " == *" $package@"* ]] || optional+=("$package@$(locked "$package")")
  done
done

# Errors located in another package's .d.ts (anything else, a tsconfig error included, is this package's concern).
theirs_only() { awk 'NF && /^node_modules\// && !/^node_modules\/nestjs-tool-calling\//'; }
ours_only() { awk 'NF && (!/^node_modules\// || /^node_modules\/nestjs-tool-calling\//)'; }

app="$work/consumer"
mkdir -p "$app/src"
cd "$app"
npm init -y >/dev/null
npm install --no-audit --no-fund --silent "${required[@]}" "${optional[@]}" "$tarball" >/dev/null 2>&1 ||
  npm install --no-audit --no-fund "${required[@]}" "${optional[@]}" "$tarball"
cat >tsconfig.json <<'JSON'
{
  "compilerOptions": {
    "module": "node20",
    "moduleResolution": "node16",
    "target": "ES2022",
    "lib": ["ES2022"],
    "types": ["node"],
    "strict": true,
    "skipLibCheck": false,
    "experimentalDecorators": true,
    "emitDecoratorMetadata": true,
    "noEmit": true
  }
}
JSON

# The optional packages not in KEEP (a "+"-separated list), one per line.
others() {
  local keep="+$1+"
  for pair in "${entries[@]}"; do
    IFS=+ read -ra packages <<<"${pair#*:}"
    for package in "${packages[@]}"; do [[ "$keep" == *"+$package+"* ]] || echo "$package"; done
  done | sort -u
}

# compile ENTRY [PACKAGES]: every optional package but PACKAGES is moved out of node_modules while ENTRY compiles.
failed=0
compile() {
  local entry="$1" keep="${2:-}" specifier="nestjs-tool-calling${1:+/$1}" name="${1:-root}"
  mkdir -p "$work/hidden"
  for package in $(others "$keep"); do
    mkdir -p "$work/hidden/$(dirname "$package")"
    mv "node_modules/$package" "$work/hidden/$package"
  done
  printf "import * as entry from '%s';\nexport const names: readonly string[] = Object.keys(entry);\n" \
    "$specifier" >src/index.ts
  local out
  out="$(npx --no-install tsc -p . --pretty false 2>&1)" || true
  for package in $(others "$keep"); do
    mv "$work/hidden/$package" "node_modules/$package"
  done
  # Ours: errors in this package's .d.ts, the consumer or its tsconfig. Another package's own .d.ts may not compile
  # without the DOM lib or its own optional peers (@nestjs/common without class-validator, @google/genai, the MCP
  # SDK): printed, not ours to fix.
  local errors ours theirs
  errors="$(printf '%s\n' "$out" | grep 'error TS' || true)"
  ours="$(printf '%s\n' "$errors" | ours_only || true)"
  theirs="$(printf '%s\n' "$errors" | theirs_only | grep -c . || true)"
  local label="$name (with ${keep:-only the required peers})"
  if [ -n "$ours" ]; then
    printf '%s\n' "$ours"
    echo "consumer-types: $label does not compile" >&2
    failed=1
    return
  fi
  if [ "$theirs" -gt 0 ]; then
    echo "  $theirs error(s) in the installed packages' own .d.ts, not in this package's:"
    printf '%s\n' "$errors" | theirs_only | cut -c1-160 | sed 's/^/    /'
  fi
  echo "consumer-types: $label compiles"
}

compile "" ""
compile testing ""
compile ai-sdk ""
for pair in "${entries[@]}"; do
  compile "${pair%%:*}" "${pair#*:}"
done
exit "$failed"
