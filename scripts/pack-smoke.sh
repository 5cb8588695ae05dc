#!/usr/bin/env bash
# Packs the library (prepack builds it) and installs the tarball into fresh Nest 11 and Nest 12 apps, which discover
# and call a tool; then a fresh Nest 11 app with @nestjs/config@latest runs a Jest spec that imports the library;
# then the docs' first app: what `nest new` generates, plus docs/examples/first-app, with its generated tests;
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

# The first app of README.md and docs/getting-started.md: `nest new` (the Nest 11 CLI, from the npm registry), the
# page's install line with the tarball, the page's three files; then the generated unit and e2e tests, the build, and
# a question answered without a key. The generated lint and format tools are not installed (nothing here runs them).
first="$work/first-app"
echo "pack smoke: nest new, plus the docs' first app"
cd "$work"
npx --yes @nestjs/cli@11 new first-app --directory first-app --skip-git --skip-install --package-manager npm >/dev/null
cd "$first"
npm pkg delete devDependencies.eslint devDependencies.@eslint/js devDependencies.@eslint/eslintrc \
  devDependencies.eslint-config-prettier devDependencies.eslint-plugin-prettier devDependencies.prettier \
  devDependencies.typescript-eslint devDependencies.globals
cp "$root"/docs/examples/first-app/{weather.tools,chat.controller,app.module}.ts src/
install_line="$(grep -m1 '^npm install nestjs-tool-calling ' "$root/docs/getting-started.md")"
read -r -a packages <<<"${install_line#npm install nestjs-tool-calling }"
npm install --no-audit --no-fund --silent "$tarball" "${packages[@]}" >/dev/null 2>&1 ||
  npm install --no-audit --no-fund "$tarball" "${packages[@]}"
npm test -- --ci
npm run test:e2e -- --ci
npm run build >/dev/null
cp "$root/scripts/pack-smoke.first-app.js" ask-offline.js
node ask-offline.js
cd "$root"
bash scripts/consumer-types-check.sh "$tarball"
