// Next keeps the expiry of cache tags in this one in-process map: its page
// cache (the cached storefront pages) and its 'use cache' handler both read
// it before serving an entry, and revalidateTag() writes it, but only in the
// process that called it. Writing the database's notifications into it is
// what makes an edit through one process expire the pages of every other.
// tests/e2e: e2e/api/storefront-cache.spec.ts proves it across two processes.
import { tagsManifest } from "next/dist/server/lib/incremental-cache/tags-manifest.external.js";
import { listen } from "../db/listen";
import { STOREFRONT_CHANNEL, storefrontTags } from "./cache-tags";

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
 * triggers of migration 20261126170000_storefront_notify send on it). While
 * the listening connection was down notifications may have been missed, so
 * each (re)connection expires every storefront page of this process.
 */
export async function startStorefrontCacheListener(): Promise<void> {
  await listen(STOREFRONT_CHANNEL, onPayload, () => expireCacheTags([storefrontTags.all]));
}
