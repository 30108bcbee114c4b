#!/usr/bin/env bash
# The test command: builds once, then runs the Playwright suite against a
# started server on a fresh database: the embedded PGlite database, and again
# on the PostgreSQL server when one answers (DATABASE_URL's server, or
# 127.0.0.1:5432). TEST_TARGETS=pglite|postgres runs one pass only; extra
# arguments go to Playwright (e.g. `npm test -- e2e/api/shops.spec.ts`).
# Tiers: the unit tier first (`npm run test:unit`, Vitest, no build, no
# server); then the Playwright tiers (playwright.config.ts): the API tier on
# every pass (it is where the databases differ); the browser tier, whose pages
# cannot tell the databases apart, once, on the last pass (PostgreSQL when it
# answers). With extra arguments, or TEST_TIERS set, only the Playwright tiers
# run, every pass what is asked.
set -euo pipefail
cd "$(dirname "$0")/../.."
export NEXT_TELEMETRY_DISABLED=1

PORT=${TEST_PORT:-3100}
# The seed writes absolute links (dynamic_url) with APP_URL, and the server in
# production mode on PostgreSQL requires an explicit encryption key.
export APP_URL="http://127.0.0.1:$PORT"
export APP_ENCRYPTION_KEY=${APP_ENCRYPTION_KEY:-$(node -e 'console.log(require("crypto").randomBytes(32).toString("hex"))')}
# A free port for the one local listener the server may call although it is
# internal (e2e/api/outbound.spec.ts); every other internal target stays refused.
export TEST_OUTBOUND_PORT=${TEST_OUTBOUND_PORT:-$(node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')}
# A free port for the local stand-in of the card processor's API (e2e/api/payments.spec.ts), where the
# server's CARDPROC_API_BASE points: the processor itself cannot be reached from these machines.
export TEST_CARDPROC_PORT=${TEST_CARDPROC_PORT:-$(node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')}
# A free port for the local stand-in of the exchange-rate source (e2e/api/crypto-quote.spec.ts,
# e2e/browser/buyer-page.spec.ts), where the server's CRYPTO_RATES_URL points: CoinGecko cannot be
# reached from these machines. Rates are not cached in tests, so every quote asks the stand-in; a short
# timeout keeps the slow-source test short.
export TEST_RATES_PORT=${TEST_RATES_PORT:-$(node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')}
export CRYPTO_RATES_CACHE_SECONDS=${CRYPTO_RATES_CACHE_SECONDS:-0}
export CRYPTO_RATES_TIMEOUT_MS=${CRYPTO_RATES_TIMEOUT_MS:-1500}
# Two free ports for the run's one SMTP server, the local stand-in e2e/scripts/smtp-standin.mjs (the smtp-server
# package), started before the passes and stopped at the end: the server's SMTP_URL points at TEST_SMTP_PORT, and
# it keeps every message it receives for the specs that read e-mail (e2e/support/smtp.ts), which ask its HTTP side
# on TEST_SMTP_HTTP_PORT; any number of them at once, each finding its mail by its own recipients. The outbox
# worker sends every OUTBOX_INTERVAL_MS, short here so a test waits little.
export TEST_SMTP_PORT=${TEST_SMTP_PORT:-$(node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')}
export TEST_SMTP_HTTP_PORT=${TEST_SMTP_HTTP_PORT:-$(node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')}
export OUTBOX_INTERVAL_MS=${OUTBOX_INTERVAL_MS:-200}
# The outbox's hourly budgets (lib/outbox/worker.ts): no shop budget (the suite's shops are new and send
# hundreds), and a per-address one above what the whole suite sends one address (the demo seller receives a
# notice of every sensitive change and ticket), which e2e/api/mail-budget.spec.ts reaches.
# A small image quota and hourly upload limit, so e2e/api/image-limits.spec.ts reaches them with a few
# uploads (and small ones: on PGlite, whose engine runs on the server's thread, writing a large image holds
# every other request meanwhile).
export IMAGE_QUOTA_MB=${IMAGE_QUOTA_MB:-24} IMAGE_UPLOADS_PER_HOUR=${IMAGE_UPLOADS_PER_HOUR:-60}
# Every spec signs new people up from 127.0.0.1: the accounts an address may make a minute by applying to resell
# (30 in production) would make specs wait for the next minute.
export NEW_ACCOUNTS_PER_ADDRESS_PER_MINUTE=${NEW_ACCOUNTS_PER_ADDRESS_PER_MINUTE:-1000}
export MAIL_PER_SHOP_PER_HOUR=1000000 MAIL_PER_NEW_SHOP_PER_HOUR=1000000 MAIL_PER_RECIPIENT_PER_HOUR=${MAIL_PER_RECIPIENT_PER_HOUR:-30}
# A second one for the webhook receiver of e2e/api/webhooks-*.spec.ts (its Discord and Telegram
# stand-ins too), and webhook timings short enough to watch retries, backoff and auto-disable.
export TEST_WEBHOOK_PORT=${TEST_WEBHOOK_PORT:-$(node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')}
export WEBHOOK_RETRY_SCHEDULE=${WEBHOOK_RETRY_SCHEDULE:-0.5,1}
export WEBHOOK_DISABLE_AFTER_SECONDS=${WEBHOOK_DISABLE_AFTER_SECONDS:-3}
export WEBHOOK_WORKER_INTERVAL_MS=${WEBHOOK_WORKER_INTERVAL_MS:-100}
export WEBHOOK_TIMEOUT_MS=${WEBHOOK_TIMEOUT_MS:-3000}
export WEBHOOK_TELEGRAM_API_BASE=${WEBHOOK_TELEGRAM_API_BASE:-http://127.0.0.1:$TEST_WEBHOOK_PORT/telegram}
# A free port for the DNS responder of e2e/api/domains.spec.ts (e2e/support/dns.ts), where the server's
# DNS_SERVERS points (the custom domains' TXT checks); checks every DOMAIN_CHECK_INTERVAL_MS, short here, and a
# short DNS timeout (nothing answers while no spec holds the port).
export TEST_DNS_PORT=${TEST_DNS_PORT:-$(node -e 'const s=require("dgram").createSocket("udp4");s.bind(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')}
export DOMAIN_CHECK_INTERVAL_MS=${DOMAIN_CHECK_INTERVAL_MS:-300}
export DNS_TIMEOUT_MS=${DNS_TIMEOUT_MS:-500}
# A free port for the local S3-compatible stand-in (e2e/scripts/s3-standin.mjs, the s3rver package): the
# PostgreSQL pass stores image bytes there (STORAGE_URL), the PGlite pass in the database, so the image
# tests run on both storage back ends. No S3 service can be reached from these machines.
export TEST_S3_PORT=${TEST_S3_PORT:-$(node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')}
TEST_S3_BUCKET=shopdesk-images
# Prometheus metrics on a port of their own (lib/observability/metrics.ts), which e2e/api/metrics.spec.ts reads.
export METRICS_PORT=${METRICS_PORT:-$(node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')}
# Password hashes at scrypt N=2^14 rather than production's 2^17 (lib/auth/passwords.ts): the seed and
# the specs sign in hundreds of times, and each hash at 2^17 costs a second of this machine's CPU. The
# seed and the server share it (hashes of another cost still verify, at their own cost).
export SCRYPT_COST=${SCRYPT_COST:-16384}
WORK=$(mktemp -d "${TMPDIR:-/tmp}/shopdesk-test.XXXXXX")
SERVER_PID=""
S3_PID=""
SMTP_PID=""
PG_ADMIN_URL=${TEST_POSTGRES_ADMIN_URL:-postgresql://postgres@127.0.0.1:5432/postgres}
PG_DB=""

cleanup() {
  [ -n "$SERVER_PID" ] && kill "$SERVER_PID" 2>/dev/null && wait "$SERVER_PID" 2>/dev/null || true
  [ -n "$S3_PID" ] && kill "$S3_PID" 2>/dev/null && wait "$S3_PID" 2>/dev/null || true
  [ -n "$SMTP_PID" ] && kill "$SMTP_PID" 2>/dev/null && wait "$SMTP_PID" 2>/dev/null || true
  [ -n "$PG_DB" ] && psql_admin -c "DROP DATABASE IF EXISTS \"$PG_DB\" WITH (FORCE)" >/dev/null 2>&1 || true
  rm -rf "$WORK"
}
trap cleanup EXIT

psql_admin() { node e2e/scripts/pg-admin.mjs "$PG_ADMIN_URL" "$@"; }

if [ $# -eq 0 ] && [ -z "${TEST_TIERS:-}" ]; then
  echo "== $(date +%T) unit tests"
  npm run --silent test:unit
fi

if [ "${SKIP_BUILD:-0}" != "1" ]; then
  echo "== $(date +%T) building"
  npm run build --silent
fi

run_pass() {
  local name=$1; shift
  echo "== $(date +%T) test pass: $name ($TEST_TIERS)"
  npm run --silent db:migrate
  npm run --silent db:seed -- --reset --json > "$WORK/seed-$name.out"
  tail -n 1 "$WORK/seed-$name.out" > "$WORK/seed-$name.json"
  if curl -s "http://127.0.0.1:$PORT/" >/dev/null 2>&1; then
    echo "port $PORT is already in use (set TEST_PORT)"; exit 1
  fi
  PORT=$PORT NODE_ENV=production STORAGE_URL="${TEST_STORAGE_URL:-}" SMTP_URL="smtp://127.0.0.1:$TEST_SMTP_PORT" OUTBOUND_ALLOWED_HOSTS="127.0.0.1:$TEST_OUTBOUND_PORT,127.0.0.1:$TEST_WEBHOOK_PORT,127.0.0.1:$TEST_RATES_PORT" CARDPROC_API_BASE="http://127.0.0.1:$TEST_CARDPROC_PORT" CRYPTO_RATES_URL="http://127.0.0.1:$TEST_RATES_PORT/simple/price" DNS_SERVERS="127.0.0.1:$TEST_DNS_PORT" node "${NEXT_DIST_DIR:-.next}/server.mjs" > "$WORK/server-$name.log" 2>&1 &
  SERVER_PID=$!
  for _ in $(seq 1 120); do
    curl -fs "http://127.0.0.1:$PORT/v1/health" >/dev/null 2>&1 && break
    kill -0 "$SERVER_PID" 2>/dev/null || { cat "$WORK/server-$name.log"; echo "server died"; exit 1; }
    sleep 0.5
  done
  local status=0
  # SERVER_PID: hostile-bodies.spec.ts reads the server's memory (/proc/PID/status) around oversized uploads.
  BASE_URL="http://127.0.0.1:$PORT" TEST_STORAGE_URL="${TEST_STORAGE_URL:-}" SEED_FILE="$WORK/seed-$name.json" TEST_TARGET=$name SERVER_PID=$SERVER_PID \
    npx playwright test "$@" || status=$?
  kill "$SERVER_PID" && wait "$SERVER_PID" 2>/dev/null || true
  SERVER_PID=""
  if [ $status -ne 0 ]; then
    echo "== server log ($name), last 80 lines"; tail -n 80 "$WORK/server-$name.log"
    exit $status
  fi
  node e2e/scripts/check-log-secrets.mjs "$WORK/seed-$name.json" "$WORK/server-$name.log"
}

TARGETS=${TEST_TARGETS:-pglite postgres}
if [[ " $TARGETS " == *" postgres "* ]] && ! psql_admin -c "SELECT 1" >/dev/null 2>&1; then
  echo "== PostgreSQL at $PG_ADMIN_URL is not reachable: skipping the PostgreSQL pass"
  TARGETS=${TARGETS//postgres/}
fi
LAST_TARGET=$(echo $TARGETS | awk '{print $NF}')
tiers_for() {
  if [ -n "${TEST_TIERS:-}" ] || [ $# -gt 1 ]; then echo "${TEST_TIERS:-api,browser}"
  elif [ "$1" = "$LAST_TARGET" ]; then echo "api,browser"
  else echo "api"; fi
}
node e2e/scripts/smtp-standin.mjs "$TEST_SMTP_PORT" "$TEST_SMTP_HTTP_PORT" > "$WORK/smtp.log" 2>&1 &
SMTP_PID=$!
for _ in $(seq 1 40); do grep -q ready "$WORK/smtp.log" && break; sleep 0.25; done
grep -q ready "$WORK/smtp.log" || { cat "$WORK/smtp.log"; echo "the SMTP stand-in did not start"; exit 1; }
for target in $TARGETS; do
  case $target in
    pglite)
      (unset DATABASE_URL; export PGLITE_DIR="$WORK/pglite" TEST_TIERS=$(tiers_for pglite "$@"); run_pass pglite "$@")
      ;;
    postgres)
      PG_DB="shopdesk_test_$$"
      psql_admin -c "CREATE DATABASE \"$PG_DB\"" >/dev/null
      mkdir -p "$WORK/s3"
      node e2e/scripts/s3-standin.mjs "$TEST_S3_PORT" "$WORK/s3" "$TEST_S3_BUCKET" > "$WORK/s3.log" 2>&1 &
      S3_PID=$!
      for _ in $(seq 1 40); do grep -q ready "$WORK/s3.log" && break; sleep 0.25; done
      grep -q ready "$WORK/s3.log" || { cat "$WORK/s3.log"; echo "the S3 stand-in did not start"; exit 1; }
      (export DATABASE_URL="${PG_ADMIN_URL%/*}/$PG_DB" TEST_TIERS=$(tiers_for postgres "$@") \
        TEST_STORAGE_URL="s3://S3RVER:S3RVER@$TEST_S3_BUCKET/images?endpoint=http://127.0.0.1:$TEST_S3_PORT&path_style=true"
        run_pass postgres "$@")
      kill "$S3_PID" && wait "$S3_PID" 2>/dev/null || true
      S3_PID=""
      psql_admin -c "DROP DATABASE IF EXISTS \"$PG_DB\" WITH (FORCE)" >/dev/null
      PG_DB=""
      ;;
  esac
done
