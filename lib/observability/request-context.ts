import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";

/** What a request's log line says of who asked; filled in as the route learns it (lib/api/route.ts). */
export type RequestContext = { id: string; shopId?: number; userId?: number; apiKeyId?: number };

// One store for the process: server.ts and the routes Next bundled each load this module, and both must see it.
const STORE = Symbol.for("shopdesk.requestContext");
const holder = globalThis as unknown as { [STORE]?: AsyncLocalStorage<RequestContext> };
const storage = (holder[STORE] ??= new AsyncLocalStorage<RequestContext>());

/** Runs a request's handling with its context, which every await inside it keeps. */
export function withRequestContext<T>(context: RequestContext, work: () => T): T {
  return storage.run(context, work);
}

export function currentRequest(): RequestContext | undefined {
  return storage.getStore();
}

/** Adds who asked to the current request's context (a no-op outside a request: the workers, the seed). */
export function annotateRequest(fields: Omit<RequestContext, "id">): void {
  const context = storage.getStore();
  if (context) Object.assign(context, fields);
}

const INCOMING_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** The request's id: the one a trusted proxy sent (`X-Request-Id`), so logs of both line up, or a new one. */
export function requestIdOf(incoming: string | string[] | undefined, fromTrustedProxy: boolean): string {
  const value = Array.isArray(incoming) ? incoming[0] : incoming;
  return fromTrustedProxy && value && INCOMING_ID.test(value) ? value : randomUUID();
}
