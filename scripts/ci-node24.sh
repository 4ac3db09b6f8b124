#!/usr/bin/env bash
# CI leg for Node.js 24 LTS: Node 24 from the npm registry's `node@24` package in
# a temporary folder (no other download), then
#   1. `npm ci --dry-run` on a copy of the manifests must print no EBADENGINE warning;
#   2. the unit and API tests on Node 24, with the node_modules `npm ci` installed (native parts are
#      Node-API addons: the same binaries load). Not the typecheck and lint: tsc and ESLint give the
#      same answer on either runtime, and the first leg has run them.
#      `.ci/run` calls it with DATABASE_URL set to Debian's PostgreSQL 15, so this leg is also the
#      API tests' run against a PostgreSQL server.
set -euo pipefail
cd "$(dirname "$0")/.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

npm install --prefix "$tmp/node24" --no-audit --no-fund --loglevel=error node@24 >/dev/null
export PATH="$tmp/node24/node_modules/.bin:$PATH"
echo "node $(node --version)"

mkdir -p "$tmp/manifests"
for f in package.json package-lock.json $(node -p "require('./package.json').workspaces.map((w) => w + '/package.json').join(' ')"); do
  mkdir -p "$tmp/manifests/$(dirname "$f")" && cp "$f" "$tmp/manifests/$f"
done
warnings=$(cd "$tmp/manifests" && npm ci --dry-run --no-audit --no-fund 2>&1 | grep EBADENGINE || true)
if [ -n "$warnings" ]; then
  echo "engine warnings on Node 24:"
  echo "$warnings"
  exit 1
fi
echo "npm ci on Node 24: no engine warnings"

# Without coverage (PC_COVERAGE=false, package.json's test:unit): the first leg measures it over the same files.
PC_COVERAGE=false npm run test:unit
