import { ApiError } from "./errors";

/** JSON bodies (and the GET bodies server.ts folds) above this are refused with 413. */
export const JSON_BODY_LIMIT = 1024 * 1024;

export const bodyTooLarge = (message = "The request body is too large.") => new ApiError({ status: 413, message });

/**
 * The one reader of request bodies. A declared Content-Length over the limit
 * is refused before anything is read; a body without one (chunked) is counted
 * as it streams and refused the moment it passes the limit, so no request
 * can make the server hold more than `limit` bytes of it.
 *
 * On refusal the stream is released, not cancelled: cancelling would destroy
 * the socket before the 413 is written. server.ts closes a connection whose
 * body was left unread once the answer is sent.
 */
export async function* limitedChunks(
  body: ReadableStream<Uint8Array> | null,
  limit: number,
  declaredLength?: string | null,
  tooLarge: () => Error = bodyTooLarge,
): AsyncGenerator<Uint8Array> {
  if (declaredLength && Number(declaredLength) > limit) throw tooLarge();
  if (!body) return;
  const reader = body.getReader();
  try {
    let size = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      size += value.byteLength;
      if (size > limit) throw tooLarge();
      yield value;
    }
  } finally {
    reader.releaseLock();
  }
}

/** The whole body, at most `limit` bytes (see limitedChunks). */
export async function readBody(
  body: ReadableStream<Uint8Array> | null,
  limit: number,
  declaredLength?: string | null,
  tooLarge?: () => Error,
): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of limitedChunks(body, limit, declaredLength, tooLarge)) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/** The body of a web Request as UTF-8 text, at most `limit` bytes. */
export async function requestText(request: Request, limit = JSON_BODY_LIMIT): Promise<string> {
  return (await readBody(request.body, limit, request.headers.get("content-length"))).toString("utf8");
}
