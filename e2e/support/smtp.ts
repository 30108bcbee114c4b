import { expect, test } from "@playwright/test";

/**
 * The mail a buyer (or a seller) would receive, read from the run's one
 * SMTP server: e2e/scripts/smtp-standin.mjs, which e2e/scripts/test.sh starts
 * once, before the passes, and where the server's SMTP_URL points
 * (TEST_SMTP_PORT). The outbox worker delivers to it as to any mail server;
 * it keeps every message, and a spec reads them over its HTTP side
 * (TEST_SMTP_HTTP_PORT). Nothing is
 * held: any number of specs read mail at once, each seeing what arrived
 * after its `holdSmtpListener()`. Every test sends to addresses of its own,
 * so each finds its mail by its own recipient (`waitFor(to, ...)`). Each
 * message is parsed here as far as nodemailer writes them: headers, then
 * multipart/alternative text and HTML in quoted-printable or base64.
 */

export type ReceivedMail = { to: string[]; subject: string; text: string; html: string };

export type SmtpListener = {
  /** Every message received since the listener was made, parsed, in the order received. */
  messages(): Promise<ReceivedMail[]>;
  /** The first message to `to` (that `matches`), waiting for the outbox worker's next round if need be. */
  waitFor(to: string, matches?: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  /** Nothing to release any more (the stand-in outlives every spec); kept so callers need not change. */
  close(): Promise<void>;
};

const HTTP_PORT = Number(process.env.TEST_SMTP_HTTP_PORT);

/** As e2e/scripts/smtp-standin.mjs keeps a message: its number in the run, its envelope's recipients (lower case), its text. */
type StoredMail = { seq: number; to: string[]; raw: string };

/** The stand-in's messages after `after` and the highest number so far. */
async function storedSince(after: number): Promise<{ messages: StoredMail[]; last: number }> {
  let response: Response;
  try {
    response = await fetch(`http://127.0.0.1:${HTTP_PORT}/messages?after=${after}`);
  } catch (error) {
    throw new Error(`the SMTP stand-in (e2e/scripts/smtp-standin.mjs) does not answer on port ${HTTP_PORT}: ${String(error)}`);
  }
  if (!response.ok) throw new Error(`the SMTP stand-in answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as { messages: StoredMail[]; last: number };
}

/**
 * A listener for the whole spec file that calls this at its top level (made
 * in its beforeAll): the spec reads it as `smtp.waitFor(...)` in any test.
 */
export function smtpListenerForSpec(): SmtpListener {
  let held: SmtpListener | undefined;
  test.beforeAll(async () => {
    held = await holdSmtpListener();
  });
  test.afterAll(async () => {
    await held?.close();
  });
  const listener = () => {
    if (!held) throw new Error("the SMTP listener is made in the spec's beforeAll");
    return held;
  };
  return {
    messages: () => listener().messages(),
    waitFor: (...args) => listener().waitFor(...args),
    close: () => listener().close(),
  };
}

/** A listener that sees the messages the stand-in receives from now on (none of those before). */
export async function holdSmtpListener(): Promise<SmtpListener> {
  expect(HTTP_PORT, "TEST_SMTP_HTTP_PORT is set by e2e/scripts/test.sh (npm test)").toBeGreaterThan(0);
  // nothing comes after the largest number: the answer is only `last`
  let seen = (await storedSince(Number.MAX_SAFE_INTEGER)).last;
  const received: ReceivedMail[] = [];
  let fetching: Promise<void> | undefined;
  /** Fetches what arrived since the last look and parses it (once, however many callers ask meanwhile). */
  const refresh = async () => {
    fetching ??= storedSince(seen)
      .then(({ messages }) => {
        for (const stored of messages) {
          if (stored.seq <= seen) continue;
          received.push({ ...parseMessage(stored.raw), to: stored.to });
          seen = stored.seq;
        }
      })
      .finally(() => {
        fetching = undefined;
      });
    await fetching;
    return received;
  };
  return {
    messages: async () => [...(await refresh())],
    async waitFor(to, matches = () => true, timeoutMs = 15_000) {
      const address = to.toLowerCase();
      let found: ReceivedMail | undefined;
      await expect
        .poll(async () => (found = (await refresh()).find((mail) => mail.to.includes(address) && matches(mail))), {
          message: `an e-mail to ${to}`,
          timeout: timeoutMs,
          intervals: [100, 200, 250],
        })
        .toBeTruthy();
      return found!;
    },
    close: async () => undefined,
  };
}

type Part = { headers: Record<string, string>; body: string };

function splitPart(raw: string): Part {
  const end = raw.search(/\r?\n\r?\n/);
  const head = end < 0 ? raw : raw.slice(0, end);
  const body = end < 0 ? "" : raw.slice(end).replace(/^\r?\n\r?\n/, "");
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body };
}

function decodeBody(part: Part): string {
  const encoding = (part.headers["content-transfer-encoding"] ?? "7bit").toLowerCase();
  if (encoding === "base64") return Buffer.from(part.body.replace(/\s+/g, ""), "base64").toString("utf8");
  if (encoding === "quoted-printable") {
    const text = part.body.replace(/=\r?\n/g, "");
    const bytes: number[] = [];
    for (let i = 0; i < text.length; i++) {
      if (text[i] === "=" && /^[0-9A-Fa-f]{2}$/.test(text.slice(i + 1, i + 3))) {
        bytes.push(parseInt(text.slice(i + 1, i + 3), 16));
        i += 2;
      } else bytes.push(text.charCodeAt(i));
    }
    return Buffer.from(bytes).toString("utf8");
  }
  return part.body;
}

/** RFC 2047 encoded words (`=?UTF-8?Q?...?=`, `=?UTF-8?B?...?=`), as nodemailer writes a subject that is not ASCII. */
function decodeWords(text: string): string {
  return text.replace(/=\?utf-8\?([QB])\?([^?]*)\?=\s*/gi, (_, kind: string, data: string) =>
    kind.toUpperCase() === "B"
      ? Buffer.from(data, "base64").toString("utf8")
      : decodeBody({ headers: { "content-transfer-encoding": "quoted-printable" }, body: data.replace(/_/g, " ") }),
  );
}

function parseMessage(raw: string): Omit<ReceivedMail, "to"> {
  const message = splitPart(raw);
  const found = { text: "", html: "" };
  const walk = (part: Part) => {
    const type = part.headers["content-type"] ?? "text/plain";
    const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
    if (type.toLowerCase().startsWith("multipart/") && boundary) {
      for (const chunk of part.body.split(`--${boundary}`).slice(1)) {
        if (chunk.startsWith("--")) break;
        walk(splitPart(chunk.replace(/^\r?\n/, "")));
      }
    } else if (type.toLowerCase().startsWith("text/html")) found.html = decodeBody(part);
    else if (type.toLowerCase().startsWith("text/plain")) found.text = decodeBody(part);
  };
  walk(message);
  return { subject: decodeWords(message.headers.subject ?? ""), ...found };
}
