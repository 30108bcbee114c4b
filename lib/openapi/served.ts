import { buildDocument } from "./document";
import { operations } from "./operations";

const built = new Map<string, ReturnType<typeof buildDocument>>();

/**
 * The document GET /v1/openapi.json answers. Building it converts every
 * schema (about half a second of CPU) and it cannot change while the process
 * runs, so each process builds it once.
 */
export function servedDocument(serverUrl: string) {
  let document = built.get(serverUrl);
  if (!document) built.set(serverUrl, (document = buildDocument(operations, serverUrl)));
  return document;
}
