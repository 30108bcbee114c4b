#!/usr/bin/env bash
# One command from a fresh clone to a running app on the embedded database:
# install, migrate, seed (idempotent: prints the demo logins), build, serve.
set -euo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1

if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm ci
fi
npm run --silent db:migrate
npm run --silent db:seed
npm run --silent build
echo "Starting on http://localhost:${PORT:-3000}"
exec npm run --silent start
