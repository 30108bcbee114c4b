// The one SMTP server of a test run, where the server's SMTP_URL points (e2e/scripts/test.sh): the outbox
// worker delivers to it as to any mail server, and it keeps every message in memory, numbered in the order
// received, for the specs to read over HTTP (e2e/support/smtp.ts): GET /messages?after=<seq> answers
// {messages: [{seq, to, raw}], last} with the messages after `after` and the highest seq so far.
// Usage: node e2e/scripts/smtp-standin.mjs <smtpPort> <httpPort>; prints "ready" once both listen.
import { createServer } from "node:http";
import { SMTPServer } from "smtp-server";

const [smtpPort, httpPort] = process.argv.slice(2).map(Number);
if (!(smtpPort > 0) || !(httpPort > 0)) {
  console.error("usage: node e2e/scripts/smtp-standin.mjs <smtpPort> <httpPort>");
  process.exit(2);
}

/** @type {{ seq: number, to: string[], raw: string }[]} */
const messages = [];

const smtp = new SMTPServer({
  // plain SMTP on loopback: no STARTTLS to upgrade to (nodemailer would refuse a self-signed certificate), no login
  disabledCommands: ["STARTTLS", "AUTH"],
  logger: false,
  onData(stream, session, callback) {
    const chunks = [];
    stream.on("data", (chunk) => chunks.push(chunk));
    stream.on("end", () => {
      messages.push({
        seq: messages.length + 1,
        to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
        raw: Buffer.concat(chunks).toString("utf8"),
      });
      callback();
    });
  },
});
// a client's broken connection is reported as the server's error: log it, keep serving
smtp.on("error", (error) => console.error("smtp:", error.message));

const http = createServer((request, response) => {
  const url = new URL(request.url ?? "/", "http://127.0.0.1");
  if (request.method !== "GET" || url.pathname !== "/messages") {
    response.writeHead(404, { "content-type": "text/plain" }).end("not found\n");
    return;
  }
  const after = Number(url.searchParams.get("after") ?? 0);
  if (!Number.isInteger(after) || after < 0) {
    response.writeHead(400, { "content-type": "text/plain" }).end("after: a whole number\n");
    return;
  }
  // seq n is messages[n - 1]
  const body = { messages: messages.slice(after), last: messages.length };
  response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(body));
});

const listen = (server, port) =>
  new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => {
      server.off("error", reject);
      resolve();
    });
  });
await Promise.all([listen(smtp.server, smtpPort), listen(http, httpPort)]);
console.log("ready");

const stop = () => {
  http.close();
  http.closeAllConnections();
  smtp.close(() => process.exit(0));
  // open SMTP sessions may hold close(): do not wait for them long
  setTimeout(() => process.exit(0), 1000).unref();
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
