#!/usr/bin/env bash
# Packs the library and installs the tarball into fresh Nest 11 and Nest 12 apps, which discover and call a tool.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cd "$root"
npm run build --silent
tarball="$work/$(npm pack --silent --pack-destination "$work" | tail -n 1)"

for major in 11 12; do
  app="$work/nest$major"
  mkdir -p "$app"
  cd "$app"
  npm init -y >/dev/null
  npm install --no-audit --no-fund --silent "@nestjs/common@$major" "@nestjs/core@$major" reflect-metadata rxjs \
    class-validator class-transformer "$tarball" >/dev/null 2>&1 || npm install --no-audit --no-fund \
    "@nestjs/common@$major" "@nestjs/core@$major" reflect-metadata rxjs class-validator class-transformer "$tarball"
  cp "$root/scripts/pack-smoke.app.js" app.js
  node app.js "$major"
done
