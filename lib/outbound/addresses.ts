import ipaddr from "ipaddr.js";

/**
 * Which addresses and host names outbound calls may reach. Browser-safe
 * (no Node modules): the save-time URL rule in ./public-url.ts shares it
 * with the dashboard forms.
 */

const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR("2000::/3");

/**
 * Why an IP address is not a public one, or null when it is. Only globally
 * routable unicast passes: loopback, private, link-local (cloud metadata
 * 169.254.169.254), CGNAT (Alibaba's metadata 100.100.100.200), unique local
 * (AWS's fd00:ec2::254), multicast, unspecified, broadcast and reserved
 * ranges are refused, and so are the IPv6 ranges that carry an IPv4 address
 * to be translated (NAT64, 6to4, Teredo), whose target could be any of them,
 * and IPv6 outside the global unicast block 2000::/3.
 * An IPv4-mapped IPv6 address is judged as the IPv4 address it maps.
 */
export function internalAddressRange(address: string): string | null {
  if (!ipaddr.isValid(address)) return "invalid";
  const parsed = ipaddr.process(address);
  const range = parsed.range();
  if (range !== "unicast") return range;
  // ipaddr.js calls some of ::/8 (IPv4-compatible ::7f00:1, for one) unicast; only 2000::/3 is global.
  return parsed.kind() === "ipv6" && !parsed.match(GLOBAL_UNICAST_V6) ? "reserved" : null;
}

/** Names that always mean this machine or its private network, whatever DNS says. */
const INTERNAL_NAMES = new Set(["localhost", "ip6-localhost", "ip6-loopback", "metadata", "metadata.goog", "instance-data"]);
/** Special-use and private-use suffixes (RFC 6761, RFC 6762, RFC 8375, ICANN's `.internal`). */
const INTERNAL_SUFFIXES = [".localhost", ".local", ".internal", ".home.arpa"];

/**
 * Why a URL's host is internal as written, or null when only DNS can tell.
 * `hostname` is as a WHATWG URL gives it: lower case, IPv4 in dotted
 * decimal whatever its spelling was (`2130706433`, `0x7f.1`, `017700000001`),
 * IPv6 in brackets and compressed.
 */
export function internalHostRange(hostname: string): string | null {
  if (hostname.startsWith("[") && hostname.endsWith("]")) return internalAddressRange(hostname.slice(1, -1));
  if (ipaddr.IPv4.isValidFourPartDecimal(hostname)) return internalAddressRange(hostname);
  const name = hostname.replace(/\.+$/, "");
  if (INTERNAL_NAMES.has(name) || INTERNAL_SUFFIXES.some((suffix) => name.endsWith(suffix))) return "internal name";
  return null;
}
