import { createSocket, type Socket } from "node:dgram";
import * as dnsPacket from "dns-packet";
import { expect, test } from "@playwright/test";

/**
 * A DNS responder where the server's DNS_SERVERS points
 * (e2e/scripts/test.sh): the domain checks (lib/domains/dns.ts) ask it as
 * they would ask any resolver. It answers TXT questions from the records a
 * spec sets; any other name is NXDOMAIN, and a name set to `"servfail"`
 * answers SERVFAIL. One port for the run, held by one spec at a time (the
 * port is the lock, as e2e/support/smtp.ts's).
 */
export type DnsResponder = {
  /** The TXT values at `name` from now on (an empty list: the name exists without TXT records). */
  setTxt(name: string, values: string[] | "servfail"): void;
  remove(name: string): void;
  /** The TXT questions asked so far, by name. */
  asked: string[];
  close(): Promise<void>;
};

const DNS_PORT = Number(process.env.TEST_DNS_PORT);
const WAIT_FOR_PORT_MS = 120_000;

/** The responder held for the whole spec file that calls this at its top level (beforeAll to afterAll). */
export function dnsResponderForSpec(): DnsResponder {
  let held: DnsResponder | undefined;
  test.beforeAll(async () => {
    held = await holdDnsResponder();
  });
  test.afterAll(async () => {
    await held?.close();
  });
  const responder = () => {
    if (!held) throw new Error("the DNS responder is held from the spec's beforeAll on");
    return held;
  };
  return {
    setTxt: (name, values) => responder().setTxt(name, values),
    remove: (name) => responder().remove(name),
    get asked() {
      return responder().asked;
    },
    close: () => responder().close(),
  };
}

function answer(records: Map<string, string[] | "servfail">, query: dnsPacket.Packet): Buffer {
  const question = query.questions?.[0];
  const name = question?.name.toLowerCase() ?? "";
  const values = records.get(name);
  const base = { id: query.id, type: "response" as const, questions: query.questions };
  if (values === "servfail") return dnsPacket.encode({ ...base, flags: dnsPacket.RECURSION_DESIRED | 2 });
  if (values === undefined) return dnsPacket.encode({ ...base, flags: dnsPacket.RECURSION_DESIRED | dnsPacket.AUTHORITATIVE_ANSWER | 3 });
  const answers =
    question?.type === "TXT" ? values.map((value) => ({ type: "TXT" as const, class: "IN" as const, name, ttl: 0, data: value })) : [];
  return dnsPacket.encode({ ...base, flags: dnsPacket.RECURSION_DESIRED | dnsPacket.AUTHORITATIVE_ANSWER, answers });
}

export async function holdDnsResponder(): Promise<DnsResponder> {
  expect(DNS_PORT, "TEST_DNS_PORT is set by e2e/scripts/test.sh (npm test)").toBeGreaterThan(0);
  const records = new Map<string, string[] | "servfail">();
  const asked: string[] = [];
  const deadline = Date.now() + WAIT_FOR_PORT_MS;
  let socket: Socket;
  for (;;) {
    socket = createSocket("udp4");
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once("error", reject);
        socket.bind(DNS_PORT, "127.0.0.1", () => {
          socket.off("error", reject);
          resolve();
        });
      });
      break;
    } catch (error) {
      socket.close();
      if ((error as NodeJS.ErrnoException).code !== "EADDRINUSE" || Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  socket.on("message", (message, peer) => {
    let query: dnsPacket.Packet;
    try {
      query = dnsPacket.decode(message);
    } catch {
      return;
    }
    asked.push(query.questions?.[0]?.name.toLowerCase() ?? "");
    socket.send(answer(records, query), peer.port, peer.address);
  });
  return {
    setTxt: (name, values) => void records.set(name.toLowerCase(), values),
    remove: (name) => void records.delete(name.toLowerCase()),
    asked,
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}
