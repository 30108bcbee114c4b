import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import * as z from "./validation/zod";
import { compileTrustProxy } from "./api/forwarded";
import { allowedHostsSetting } from "./outbound/policy";
import { dnsServersSetting } from "./domains/dns-servers";
import { parseStorageUrl } from "./images/storage-url";

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "DATABASE_URL must be a postgresql:// URL")
    .optional(),
  /** Where the embedded database lives when DATABASE_URL is unset. */
  PGLITE_DIR: z.string().default("./data/pglite"),
  /** 32 bytes, hex or base64: encrypts secrets at rest (shop keys, reseller signing secrets). */
  APP_ENCRYPTION_KEY: z.string().optional(),
  UPLOAD_DIR: z.string().default("./data/uploads"),
  /** S3 or S3-compatible storage for image bytes (lib/images/object-store.ts); unset: in the database. */
  STORAGE_URL: z
    .string()
    .optional()
    .superRefine((value, context) => {
      if (!value) return;
      try {
        parseStorageUrl(value);
      } catch (error) {
        context.addIssue({ code: "custom", message: (error as Error).message });
      }
    }),
  /** what one shop's images may hold together, in MB (deleted images do not count) */
  IMAGE_QUOTA_MB: z.coerce.number().int().positive().default(1024),
  /** uploads one shop may make per hour: a stolen key cannot fill the storage or the CPU with image checks */
  IMAGE_UPLOADS_PER_HOUR: z.coerce.number().int().positive().default(300),
  /**
   * accounts that reseller applications (POST /v1/reseller/apply) may make from one client address a
   * minute: enough for a team behind one address, too few for mass sign-ups
   */
  NEW_ACCOUNTS_PER_ADDRESS_PER_MINUTE: z.coerce.number().int().positive().default(30),
  /** The public address of this app, used in absolute links (image_url, dynamic_url, page URLs in emails). */
  APP_URL: z.string().url().optional(),
  PORT: z.coerce.number().int().default(3000),
  /** The address the server listens on (server.ts). */
  HOSTNAME: z.string().trim().min(1).default("0.0.0.0"),
  /** Processes serving the port (server.ts, node:cluster); above 1 needs PostgreSQL. */
  WEB_CONCURRENCY: z.coerce.number().int().positive().max(64).default(1),
  /** On SIGTERM, how long requests in flight and the workers' claimed batches have to finish before the process exits. */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
  /** Serves Prometheus metrics at GET /metrics on this port (lib/observability/metrics.ts); off when unset. */
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  /** The address the metrics port listens on: loopback unless a scraper elsewhere must reach it. */
  METRICS_HOST: z.string().trim().min(1).default("127.0.0.1"),
  /** Connections of the `pg` pool per app process (PostgreSQL only; lib/db). */
  DATABASE_POOL_SIZE: z.coerce.number().int().positive().max(1000).default(10),
  /**
   * Serves each shop's storefront at `{subdomain}.{STORE_DOMAIN}` (lib/storefront/host-routing.ts):
   * seller-written content on origins of their own, never the dashboard's.
   */
  STORE_DOMAIN: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9-]{2,63}$/, "STORE_DOMAIN must be a host name such as shops.example.com")
    .optional(),
  /**
   * The resolvers that check shops' custom domains (lib/domains/dns.ts): comma-separated IP addresses with
   * optional ports; unset: the system's. Tests point it at a local responder.
   */
  DNS_SERVERS: dnsServersSetting,
  /** How long one DNS query of a domain check waits for an answer (twice per server at most). */
  DNS_TIMEOUT_MS: z.coerce.number().int().positive().max(60_000).default(5_000),
  /**
   * How often each app process looks for custom domains due a check (lib/domains/worker.ts), and how soon a
   * pending domain is checked again in its first hour; tests make it short.
   */
  DOMAIN_CHECK_INTERVAL_MS: z.coerce.number().int().positive().default(60_000),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default("Shopdesk <no-reply@shopdesk.local>"),
  /** How often each app process's outbox worker sends pending e-mails (lib/outbox/worker.ts); tests make it short. */
  OUTBOX_INTERVAL_MS: z.coerce.number().int().positive().default(15_000),
  /** e-mail a shop may send per hour (notifications to its own team aside); a shop's first week has the lower figure */
  MAIL_PER_SHOP_PER_HOUR: z.coerce.number().int().positive().default(500),
  MAIL_PER_NEW_SHOP_PER_HOUR: z.coerce.number().int().positive().default(100),
  /** e-mail one address may receive per hour, from all shops together */
  MAIL_PER_RECIPIENT_PER_HOUR: z.coerce.number().int().positive().default(20),
  /** Timeout of one outgoing dynamic-delivery call. */
  DYNAMIC_DELIVERY_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  /** Which peers' X-Forwarded-For/-Host/-Proto count: unset = none; a hop count; or addresses and CIDR ranges (lib/api/forwarded.ts). */
  TRUST_PROXY: z
    .string()
    .optional()
    .refine((value) => {
      try {
        compileTrustProxy(value);
        return true;
      } catch {
        return false;
      }
    }, "TRUST_PROXY must be a hop count or a comma-separated list of addresses, CIDR ranges, loopback, linklocal or uniquelocal"),
  /**
   * The header in which the trusted proxy names the client's country (`cf-ipcountry` behind Cloudflare):
   * read only from a TRUST_PROXY peer, removed from every other request (lib/api/forwarded.ts).
   */
  COUNTRY_HEADER: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9][a-z0-9-]*$/, "COUNTRY_HEADER must be a header name such as cf-ipcountry")
    .refine(
      (name) =>
        !["host", "forwarded", "x-forwarded-for", "x-forwarded-host", "x-forwarded-proto", "x-forwarded-port", "x-real-ip"].includes(name),
      "COUNTRY_HEADER must name a header of its own, not the host or a forwarding header",
    )
    .optional(),
  /** A session unused for this long ends (hours; fractions allowed), besides its 30-day lifetime (lib/auth/sessions.ts). */
  SESSION_IDLE_HOURS: z.coerce.number().positive().max(720).default(12),
  /**
   * How long after the password (or a two-factor code) was entered a session may make sensitive changes
   * (payout addresses, processor credentials, members, API keys, two-factor sign-in); seconds (lib/auth/reauth.ts).
   */
  REAUTH_WINDOW_SECONDS: z.coerce.number().int().min(1).max(86_400).default(600),
  /**
   * scrypt's cost N for new password hashes (r=8, p=1; lib/auth/passwords.ts): OWASP's 2^17 by default.
   * Hashes of a lower N are upgraded at the next sign-in. Only the test suite lowers it (e2e/scripts/test.sh).
   */
  SCRYPT_COST: z.coerce
    .number()
    .int()
    .min(1024)
    .max(2 ** 20)
    .refine((n) => (n & (n - 1)) === 0, "SCRYPT_COST must be a power of two")
    .default(2 ** 17),
  /** Checkouts one address may start per ten minutes on a storefront before it must solve a proof-of-work challenge (lib/storefront/cart.ts). */
  STOREFRONT_CHECKOUT_LIMIT: z.coerce.number().int().positive().max(10_000).default(10),
  /** `host:port` targets that outbound calls may reach although internal (development, tests); lib/outbound reads it. */
  OUTBOUND_ALLOWED_HOSTS: allowedHostsSetting,
  /** Where the card processor's API is (its package's host, port and protocol); unset: the processor's own servers. Tests point it at a local stand-in. */
  CARDPROC_API_BASE: z.string().url().optional(),
  /** CoinGecko's simple-price endpoint or one answering in its shape: BTC and LTC rates for the buyer's page (lib/payments/rates.ts). Tests point it at a local stand-in. */
  CRYPTO_RATES_URL: z.string().url().default("https://api.coingecko.com/api/v3/simple/price"),
  /** How long a rates answer is reused in this process (0: ask every time). */
  CRYPTO_RATES_CACHE_SECONDS: z.coerce.number().min(0).default(60),
  /** Timeout of one rates request; the buyer's page waits for it when it needs a new quote. */
  CRYPTO_RATES_TIMEOUT_MS: z.coerce.number().int().positive().default(5_000),
  /** How long a BTC/LTC quote on an invoice holds before the buyer's page makes a new one. */
  CRYPTO_QUOTE_MINUTES: z.coerce.number().positive().max(1440).default(15),
  /** Seconds between a webhook delivery's attempts after the first (comma-separated); about a day by default (lib/webhooks/settings.ts). */
  WEBHOOK_RETRY_SCHEDULE: z
    .string()
    .default("5,300,1800,7200,18000,36000,36000")
    .refine(
      (text) => text.split(",").every((part) => /^\d+(\.\d+)?$/.test(part.trim())),
      "WEBHOOK_RETRY_SCHEDULE must be comma-separated seconds",
    ),
  /** Timeout of one webhook attempt. */
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  /** An endpoint failing without a success for this long is disabled (and the seller notified). */
  WEBHOOK_DISABLE_AFTER_SECONDS: z.coerce
    .number()
    .positive()
    .default(3 * 86_400),
  /** How often each app process's webhook worker looks for due deliveries. */
  WEBHOOK_WORKER_INTERVAL_MS: z.coerce.number().int().positive().default(1_000),
  /** Attempts in flight to one endpoint at once, per app process. */
  WEBHOOK_ENDPOINT_CONCURRENCY: z.coerce.number().int().positive().max(100).default(4),
  /** Telegram's Bot API base (a local listener in tests). */
  WEBHOOK_TELEGRAM_API_BASE: z.string().url().default("https://api.telegram.org"),
});

export type Env = z.infer<typeof envSchema>;

let cached: Env | undefined;

export function appUrl(): string {
  return (env().APP_URL ?? `http://localhost:${env().PORT}`).replace(/\/$/, "");
}

export function env(): Env {
  cached ??= envSchema.parse(process.env);
  return cached;
}

/** A configuration the app cannot work with; the message says what to change. */
export class ConfigurationError extends Error {}

/**
 * Validates the environment once, before a command does anything (the
 * server, the seed and the migrations call it): every variable's format, and
 * an encryption key where one is required and usable.
 */
export function checkEnvironment(): void {
  const parsed = envSchema.safeParse(process.env);
  if (!parsed.success) throw new ConfigurationError(`the environment is invalid:\n${z.prettifyError(parsed.error)}`);
  cached = parsed.data;
  encryptionKey();
}

/**
 * The key that encrypts secrets at rest. Production must set
 * APP_ENCRYPTION_KEY (every app process needs the same one); on a
 * development machine a key is made once and kept beside the embedded
 * database, outside the repository.
 */
export function encryptionKey(): Buffer {
  const configured = env().APP_ENCRYPTION_KEY;
  if (configured) return decodeKey(configured, "APP_ENCRYPTION_KEY");
  if (env().NODE_ENV === "production" && env().DATABASE_URL) {
    throw new ConfigurationError("APP_ENCRYPTION_KEY must be set when running on a PostgreSQL server in production");
  }
  const file = path.resolve("./data/encryption.key");
  if (!existsSync(file)) {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, randomBytes(32).toString("hex"), { flag: "wx" });
    chmodSync(file, 0o600);
  }
  return decodeKey(readFileSync(file, "utf8").trim(), file);
}

function decodeKey(text: string, source: string): Buffer {
  const key = /^[0-9a-f]{64}$/i.test(text) ? Buffer.from(text, "hex") : Buffer.from(text, "base64");
  if (key.length !== 32) throw new ConfigurationError(`${source} must hold 32 bytes (64 hex characters or base64)`);
  return key;
}
