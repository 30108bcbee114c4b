import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import pg from "pg";
import type { SeedInfo } from "./seed";

type Query = <T>(text: string, params?: unknown[]) => Promise<T[]>;

/** Environment variables of a child process. */
export type Env = Record<string, string | undefined>;

/**
 * A database of a spec's own, beside the one the suite's server uses, for
 * tests that start servers themselves (with a configuration of their
 * choosing) or change stored rows directly. On the PGlite pass it is a fresh
 * directory (only one process may open one at a time: read or change it
 * only while no server of it runs); on the PostgreSQL pass a fresh database
 * on the suite's server. Migrated and seeded like the suite's.
 */
export type PrivateDatabase = {
  /** the variables that select it (and nothing else of the suite's) */
  env: Env;
  /** the key it was seeded with */
  key: string;
  seed: SeedInfo;
  /** runs statements on one connection; on PGlite, only while none of its servers runs */
  use<T>(work: (query: Query) => Promise<T>): Promise<T>;
  /** one statement on its own connection */
  query: Query;
  drop(): Promise<void>;
};

const ROOT = path.resolve(import.meta.dirname, "../..");
/** The production server as `npm run build` writes it (package.json "build"), run as `npm start` runs it. */
const SERVER_ENTRY = path.join(ROOT, process.env.NEXT_DIST_DIR ?? ".next", "server.mjs");

export function randomKey(): string {
  return randomBytes(32).toString("hex");
}

/** Admin access to the suite's PostgreSQL server, found from the database the runner made for this pass. */
function adminUrl(): string {
  const url = new URL(process.env.DATABASE_URL!);
  url.pathname = "/postgres";
  return url.toString();
}

export async function createPrivateDatabase(name: string, appUrl: string): Promise<PrivateDatabase> {
  const key = randomKey();
  const dir = mkdtempSync(path.join(tmpdir(), `shopdesk-${name}-`));
  // SCRYPT_COST: the suite's password-hash cost (e2e/scripts/test.sh), for the seed and the servers alike
  const env: Env = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NEXT_TELEMETRY_DISABLED: "1",
    APP_URL: appUrl,
    SCRYPT_COST: process.env.SCRYPT_COST,
  };
  env.UPLOAD_DIR = path.join(dir, "uploads");
  let drop: () => Promise<void>;
  let use: PrivateDatabase["use"];
  if (process.env.TEST_TARGET === "postgres") {
    const database = `shopdesk_${name}_${randomBytes(4).toString("hex")}`;
    await adminQuery(`CREATE DATABASE "${database}"`);
    const url = new URL(adminUrl());
    url.pathname = `/${database}`;
    env.DATABASE_URL = url.toString();
    use = async (work) => {
      const client = new pg.Client({ connectionString: env.DATABASE_URL });
      await client.connect();
      try {
        return await work(async (text, params) => (await client.query(text, params)).rows);
      } finally {
        await client.end();
      }
    };
    drop = async () => {
      await adminQuery(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
      rmSync(dir, { recursive: true, force: true });
    };
  } else {
    env.PGLITE_DIR = path.join(dir, "pglite");
    use = async (work) => {
      const pglite = new PGlite(env.PGLITE_DIR, { extensions: { pg_trgm } });
      try {
        return await work(async (text, params) => (await pglite.query(text, params)).rows as never[]);
      } finally {
        await pglite.close();
      }
    };
    drop = async () => rmSync(dir, { recursive: true, force: true });
  }
  try {
    await mustRun("prisma/migrate.ts", [], { ...env, APP_ENCRYPTION_KEY: key });
    const seeded = await mustRun("prisma/seed.ts", ["--json"], { ...env, APP_ENCRYPTION_KEY: key });
    const seed = JSON.parse(seeded.trim().split("\n").at(-1)!) as SeedInfo;
    const query: Query = (text, params) => use((run) => run(text, params));
    return { env, key, seed, use, query, drop };
  } catch (error) {
    await drop();
    throw error;
  }
}

async function adminQuery(sql: string) {
  const client = new pg.Client({ connectionString: adminUrl() });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** Runs one of the repository's scripts (e.g. prisma/seed.ts) to its end. */
export function runScript(script: string, args: string[], env: Env): Promise<{ exitCode: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", script, ...args], {
      cwd: ROOT,
      env: env as NodeJS.ProcessEnv,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.on("error", reject);
    child.on("exit", (exitCode) => resolve({ exitCode, output }));
  });
}

async function mustRun(script: string, args: string[], env: Env): Promise<string> {
  const { exitCode, output } = await runScript(script, args, env);
  if (exitCode !== 0) throw new Error(`${script} exited ${exitCode}:\n${output}`);
  return output;
}

/** A server process of this repository's build, started by a test. */
export type StartedServer = {
  process: ChildProcess;
  port: number;
  baseURL: string;
  /** what it printed so far, stdout and stderr together */
  output(): string;
  stop(): Promise<void>;
};

export type Outcome = { exitCode: number | null; output: string; listened: boolean };

function portOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ port, host: "127.0.0.1" });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

function startProcess(port: number, env: Env) {
  const child = spawn(process.execPath, [SERVER_ENTRY], {
    cwd: ROOT,
    // NEXT_DIST_DIR: the build the entry belongs to (next.config.mjs reads it too)
    env: {
      NEXT_DIST_DIR: process.env.NEXT_DIST_DIR,
      ...env,
      PORT: String(port),
      HOSTNAME: "127.0.0.1",
      NODE_ENV: "production",
    } as NodeJS.ProcessEnv,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return { child, output: () => output, exited };
}

/**
 * Starts the server and expects it to refuse: resolves once it has exited,
 * with whether its port ever accepted a connection meanwhile (polled).
 */
export async function expectRefusal(port: number, env: Env, timeoutMs = 60_000): Promise<Outcome> {
  const { child, output, exited } = startProcess(port, env);
  let listened = false;
  let done = false;
  const watcher = (async () => {
    while (!done) {
      if (await portOpen(port)) listened = true;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  })();
  const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
  const exitCode = await exited;
  clearTimeout(timer);
  done = true;
  await watcher;
  if (await portOpen(port)) listened = true;
  return { exitCode, output: output(), listened };
}

/** Starts the server and waits until it answers /v1/health; fails with its output when it exits first. */
export async function startServer(port: number, env: Env, timeoutMs = 60_000): Promise<StartedServer> {
  const { child, output, exited } = startProcess(port, env);
  let exitCode: number | null | undefined;
  void exited.then((code) => (exitCode = code));
  const deadline = Date.now() + timeoutMs;
  const baseURL = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (exitCode === undefined) child.kill("SIGTERM");
    await exited;
  };
  while (Date.now() < deadline) {
    if (exitCode !== undefined) throw new Error(`the server exited (${exitCode}) before it answered:\n${output()}`);
    const healthy = await fetch(`${baseURL}/v1/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return { process: child, port, baseURL, output, stop };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await stop();
  throw new Error(`the server did not answer within ${timeoutMs} ms:\n${output()}`);
}
