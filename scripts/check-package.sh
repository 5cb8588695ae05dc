#!/usr/bin/env bash
# Packs the library as `npm publish` would, from a tree without dist/ (prepack must build it), and checks the tarball:
# the entry points and LICENSE are in it, every source map points at a file that is in it, publint and
# @arethetypeswrong/cli find nothing wrong.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cd "$root"
rm -rf dist
tarball="$work/$(npm pack --silent --pack-destination "$work" | tail -n 1)"
mkdir "$work/unpacked"
tar -xzf "$tarball" -C "$work/unpacked"
node "$root/scripts/check-package-contents.js" "$work/unpacked/package"
npx --no-install publint run --strict "$tarball"
npx --no-install attw "$tarball" --format table-flipped --no-emoji
echo "check-package: $(basename "$tarball") is complete; publint and attw pass"
