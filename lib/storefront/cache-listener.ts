import pg from "pg";
// Next keeps the expiry of cache tags in this one in-process map: its page
// cache (the cached storefront pages) and its 'use cache' handler both read
// it before serving an entry, and revalidateTag() writes it, but only in the
// process that called it. Writing the database's notifications into it is
// what makes an edit through one process expire the pages of every other.
// tests/e2e: e2e/api/storefront-cache.spec.ts proves it across two processes.
import { tagsManifest } from "next/dist/server/lib/incremental-cache/tags-manifest.external.js";
import { driver } from "../db";
import { databaseTarget } from "../db/target";
import { STOREFRONT_CHANNEL, storefrontTags } from "./cache-tags";

const RECONNECT_MS = 1_000;

/** Expires these tags in this process now: the next read of an entry that carries one renders afresh. */
export function expireCacheTags(tags: string[]): void {
  const now = Date.now();
  for (const tag of tags) tagsManifest.set(tag, { ...tagsManifest.get(tag), expired: now });
}

function onPayload(payload: string | undefined) {
  if (payload) expireCacheTags(payload.split(","));
}

/**
 * Listens on the `storefront` channel for as long as the process runs (the
 * triggers of migration 20261126170000_storefront_notify send on it). On
 * PostgreSQL a connection of its own, outside the pool, reconnecting when it
 * drops; while it was down notifications may have been missed, so a
 * reconnect expires every storefront page of this process.
 */
export async function startStorefrontCacheListener(): Promise<void> {
  const target = databaseTarget();
  if (target.kind === "pglite") {
    const current = driver();
    if (current.kind === "pglite") await current.pglite.listen(STOREFRONT_CHANNEL, onPayload);
    return;
  }
  const connect = async (): Promise<void> => {
    const client = new pg.Client({ connectionString: target.url });
    let retried = false;
    const retry = () => {
      if (retried) return;
      retried = true;
      client.end().catch(() => {});
      setTimeout(() => void connect().catch(() => {}), RECONNECT_MS).unref();
    };
    client.on("error", retry);
    client.on("end", retry);
    client.on("notification", (message) => onPayload(message.payload));
    try {
      await client.connect();
      await client.query(`LISTEN ${STOREFRONT_CHANNEL}`);
      expireCacheTags([storefrontTags.all]);
    } catch (error) {
      console.error(`storefront cache listener: ${(error as Error).message}; retrying`);
      retry();
    }
  };
  await connect();
}
