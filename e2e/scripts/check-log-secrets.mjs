// The server's log of a whole pass must hold none of the secrets the seed knows (passwords, API keys,
// signing secrets, tokens): e2e/scripts/test.sh runs this after the pass's tests. Usage: node check-log-secrets.mjs SEED_JSON LOG
import { readFileSync } from "node:fs";

const [seedFile, logFile] = process.argv.slice(2);
const secrets = new Set();
(function collect(value, key = "") {
  if (typeof value === "string") {
    if (/password|key|secret|token/i.test(key) && value.length >= 8) secrets.add(value);
  } else if (value && typeof value === "object") {
    for (const [child, inner] of Object.entries(value)) collect(inner, Array.isArray(value) ? key : child);
  }
})(JSON.parse(readFileSync(seedFile, "utf8")));
const log = readFileSync(logFile, "utf8");
const leaked = [...secrets].filter((secret) => log.includes(secret));
if (leaked.length) {
  console.error(`== the server log holds ${leaked.length} of the seed's ${secrets.size} secrets (first: ${leaked[0].slice(0, 6)}…)`);
  process.exit(1);
}
console.log(`== the server log holds none of the seed's ${secrets.size} secrets`);
