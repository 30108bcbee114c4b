import { ApiError } from "./errors";

/** JSON bodies (and the GET bodies server.ts folds) above this are refused with 413. */
export const JSON_BODY_LIMIT = 1024 * 1024;

export const bodyTooLarge = (message = "The request body is too large.") => new ApiError({ status: 413, message });

/** The client went away (or broke the stream) before its body was whole: its fault, not a server error. */
const bodyCutShort = () => new ApiError({ status: 400, message: "The request body was not received whole." });

/** A web Request's body, or a Node request (server.ts reads GET bodies before Next sees them). */
export type BodySource = ReadableStream<Uint8Array> | AsyncIterable<Uint8Array> | null;

/**
 * Pulls chunks only when asked, so an unread body waits in the socket, not in
 * memory. Stopping releases the source instead of cancelling it: cancelling
 * (or returning a Node stream's iterator) destroys the socket before the 413
 * is written; server.ts closes a connection whose body was left unread once
 * the answer is sent.
 */
function puller(body: Exclude<BodySource, null>): { next(): Promise<IteratorResult<Uint8Array>>; release(): void } {
  if (body instanceof ReadableStream) {
    const reader = body.getReader();
    return { next: () => reader.read() as Promise<IteratorResult<Uint8Array>>, release: () => reader.releaseLock() };
  }
  const iterator = body[Symbol.asyncIterator]();
  return { next: () => iterator.next(), release: () => undefined };
}

/**
 * The one reader of request bodies. A declared Content-Length over the limit
 * is refused before anything is read; a body without one (chunked) is counted
 * as it streams and refused the moment it passes the limit, so no request
 * can make the server hold more than `limit` bytes of it.
 */
export async function* limitedChunks(
  body: BodySource,
  limit: number,
  declaredLength?: string | null,
  tooLarge: () => Error = bodyTooLarge,
): AsyncGenerator<Uint8Array> {
  if (declaredLength && Number(declaredLength) > limit) throw tooLarge();
  if (!body) return;
  const source = puller(body);
  try {
    let size = 0;
    for (;;) {
      const { done, value } = await source.next().catch(() => {
        throw bodyCutShort();
      });
      if (done) return;
      size += value.byteLength;
      if (size > limit) throw tooLarge();
      yield value;
    }
  } finally {
    source.release();
  }
}

/** The whole body, at most `limit` bytes (see limitedChunks). */
export async function readBody(body: BodySource, limit: number, declaredLength?: string | null, tooLarge?: () => Error): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of limitedChunks(body, limit, declaredLength, tooLarge)) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/** The body of a web Request as UTF-8 text, at most `limit` bytes. */
export async function requestText(request: Request, limit = JSON_BODY_LIMIT): Promise<string> {
  return (await readBody(request.body, limit, request.headers.get("content-length"))).toString("utf8");
}
