import { isIPv4, isIPv6 } from "node:net";
import * as z from "../validation/zod";

/**
 * DNS_SERVERS (lib/env.ts): the resolvers the domain checks ask, as
 * `node:dns` takes them: IP addresses, each with an optional port
 * (`1.1.1.1`, `127.0.0.1:5353`, `[2606:4700::1111]:53`), comma-separated.
 * Names are refused: a resolver cannot be found through itself.
 */
export function parseDnsServers(text: string): string[] | null {
  const servers = text
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean);
  if (!servers.length) return null;
  return servers.every(isServer) ? servers : null;
}

function isServer(server: string): boolean {
  const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(server);
  if (bracketed) return isIPv6(bracketed[1]!) && validPort(bracketed[2]);
  if (isIPv6(server)) return true;
  const [address, port, ...rest] = server.split(":");
  return rest.length === 0 && isIPv4(address!) && validPort(port);
}

function validPort(port: string | undefined): boolean {
  return port === undefined || (/^\d{1,5}$/.test(port) && Number(port) >= 1 && Number(port) <= 65535);
}

export const dnsServersSetting = z
  .string()
  .optional()
  .refine(
    (value) => value === undefined || value.trim() === "" || parseDnsServers(value) !== null,
    "DNS_SERVERS must be comma-separated IP addresses, each with an optional port (1.1.1.1, 127.0.0.1:5353, [::1]:53)",
  );
