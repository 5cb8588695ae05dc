#!/usr/bin/env bash
# Packs the library (prepack builds it) and installs the tarball into fresh Nest 11 and Nest 12 apps, which discover
# and call a tool; then a fresh Nest 11 app with @nestjs/config@latest runs a Jest spec that imports the library;
# then TypeScript consumers of each entry compile with skipLibCheck: false (scripts/consumer-types-check.sh).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cd "$root"
tarball="$work/$(npm pack --silent --pack-destination "$work" | tail -n 1)"

# fresh_app DIR PACKAGES...: an empty npm project in DIR with PACKAGES and the tarball installed.
fresh_app() {
  local app="$1"
  shift
  mkdir -p "$app"
  cd "$app"
  npm init -y >/dev/null
  npm install --no-audit --no-fund --silent "$@" "$tarball" >/dev/null 2>&1 ||
    npm install --no-audit --no-fund "$@" "$tarball"
  cp "$root/scripts/pack-smoke.app.js" app.js
}

for major in 11 12; do
  fresh_app "$work/nest$major" "@nestjs/common@$major" "@nestjs/core@$major" reflect-metadata rxjs \
    class-validator class-transformer
  node app.js
done

fresh_app "$work/nest11-jest" @nestjs/common@11 @nestjs/core@11 @nestjs/config@latest reflect-metadata rxjs \
  class-validator class-transformer jest@30
cp "$root/scripts/pack-smoke.spec.js" app.spec.js
npx --no-install jest --ci app.spec.js

cd "$root"
bash scripts/consumer-types-check.sh "$tarball"
