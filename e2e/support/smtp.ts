import { SMTPServer } from "smtp-server";
import { expect, test } from "@playwright/test";

/**
 * A real SMTP listener where the server's SMTP_URL points
 * (e2e/scripts/test.sh): the outbox worker delivers to it as to any mail
 * server, and a spec reads what a buyer would receive. One port for the
 * run, so holding it is the lock (as e2e/support/rates.ts does): a spec that
 * needs mail waits while another holds it. Each message is parsed as far as
 * nodemailer writes them: headers, then multipart/alternative text and HTML
 * in quoted-printable or base64.
 */

export type ReceivedMail = { to: string[]; subject: string; text: string; html: string };

export type SmtpListener = {
  messages: ReceivedMail[];
  /** The first message to `to` (that `matches`), waiting for the outbox worker's next round if need be. */
  waitFor(to: string, matches?: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
};

const SMTP_PORT = Number(process.env.TEST_SMTP_PORT);
const WAIT_FOR_PORT_MS = 120_000;

/**
 * The listener held for the whole spec file that calls this at its top
 * level (its beforeAll and afterAll): the spec reads it as `smtp.waitFor(...)`
 * in any test. Such a spec runs serially, as one port allows.
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
    if (!held) throw new Error("the SMTP listener is held from the spec's beforeAll on");
    return held;
  };
  return {
    get messages() {
      return listener().messages;
    },
    waitFor: (...args) => listener().waitFor(...args),
    close: () => listener().close(),
  };
}

export async function holdSmtpListener(): Promise<SmtpListener> {
  expect(SMTP_PORT, "TEST_SMTP_PORT is set by e2e/scripts/test.sh (npm test)").toBeGreaterThan(0);
  const messages: ReceivedMail[] = [];
  const server = new SMTPServer({
    // plain SMTP on loopback: no STARTTLS to upgrade to (nodemailer would refuse a self-signed certificate), no login
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const recipients = session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase());
        messages.push({ ...parseMessage(Buffer.concat(chunks).toString("utf8")), to: recipients });
        callback();
      });
    },
  });
  // the listening socket's errors are handled below; SMTPServer repeats them as its own, which must not throw
  server.on("error", () => undefined);
  const deadline = Date.now() + WAIT_FOR_PORT_MS;
  for (;;) {
    try {
      await new Promise<void>((resolve, reject) => {
        const listening = () => {
          server.server.off("error", failed);
          resolve();
        };
        const failed = (error: Error) => {
          server.server.off("listening", listening);
          reject(error);
        };
        server.server.once("listening", listening).once("error", failed);
        server.server.listen(SMTP_PORT, "127.0.0.1");
      });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EADDRINUSE" || Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  return {
    messages,
    async waitFor(to, matches = () => true, timeoutMs = 15_000) {
      const address = to.toLowerCase();
      let found: ReceivedMail | undefined;
      await expect
        .poll(() => (found = messages.find((mail) => mail.to.includes(address) && matches(mail))), {
          message: `an e-mail to ${to}`,
          timeout: timeoutMs,
          intervals: [100, 200, 250],
        })
        .toBeTruthy();
      return found!;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
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
