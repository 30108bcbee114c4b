import ipaddr from "ipaddr.js";
import { RE2JS } from "re2js";

/**
 * How one blacklist entry matches a value. Regexes run in RE2JS, a port of
 * RE2: matching is linear in the input whatever the pattern, so a seller's
 * `(a+)+$` cannot stall the server the way the backtracking `RegExp` would.
 * Patterns are case-insensitive and unanchored (`test`: a match anywhere;
 * write `^...$` to match the whole value). RE2 syntax has no backreferences
 * or lookarounds: such a pattern is invalid (422).
 */

type RuleType = "email" | "ip" | "user_agent" | "asn" | "country_code";

const ASN = /^(?:AS)?(\d{1,10})$/i;
const ASN_MAX = 4_294_967_295;
const COUNTRY = /^[A-Za-z]{2}$/;

/**
 * Compiled patterns by their text, so a checkout does not compile every
 * entry of the shop again: derived from the stored entries, never state, and
 * bounded (oldest out first). A compiled RE2JS pattern keeps no match state
 * between calls, so one serves every request.
 */
const COMPILED_LIMIT = 10_000;
const compiled = new Map<string, RE2JS>();

export function compilePattern(pattern: string, { caseSensitive = false }: { caseSensitive?: boolean } = {}): RE2JS {
  const key = `${caseSensitive ? "s" : "i"}:${pattern}`;
  const known = compiled.get(key);
  if (known) return known;
  const fresh = RE2JS.compile(pattern, caseSensitive ? 0 : RE2JS.CASE_INSENSITIVE);
  if (compiled.size >= COMPILED_LIMIT) compiled.delete(compiled.keys().next().value!);
  compiled.set(key, fresh);
  return fresh;
}

/** Why RE2 refuses this pattern, or null when it compiles. */
export function patternError(pattern: string): string | null {
  if (pattern.length > 500) return "The value must not be greater than 500 characters.";
  try {
    compilePattern(pattern);
    return null;
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    return `The value is not a valid regular expression (RE2 syntax): ${detail}`;
  }
}

/** An address or a CIDR range, with IPv4-mapped IPv6 read as IPv4. */
function parseRange(value: string): [ipaddr.IPv4 | ipaddr.IPv6, number] | null {
  try {
    if (value.includes("/")) {
      const [address, bits] = ipaddr.parseCIDR(value);
      return [address, bits];
    }
    const address = ipaddr.process(value);
    return [address, address.kind() === "ipv4" ? 32 : 128];
  } catch {
    return null;
  }
}

/** Why `value` cannot be an exact entry of this type, or null. */
export function exactValueError(type: RuleType, value: string): string | null {
  switch (type) {
    case "email":
      return value.length > 255 ? "The value must not be greater than 255 characters." : null;
    case "ip":
      return parseRange(value) ? null : "The value must be an IP address or a CIDR range (203.0.113.0/24).";
    case "user_agent":
      return value.length > 1000 ? "The value must not be greater than 1000 characters." : null;
    case "asn": {
      const digits = ASN.exec(value)?.[1];
      return digits && Number(digits) >= 1 && Number(digits) <= ASN_MAX ? null : "The value must be an AS number (1 to 4294967295).";
    }
    case "country_code":
      return COUNTRY.test(value) ? null : "The value must be a two-letter country code.";
  }
}

/** How an exact value is stored: emails lower-cased, country codes upper-cased, ASNs as digits, ranges canonical. */
export function normalizeExact(type: RuleType, value: string): string {
  switch (type) {
    case "email":
      return value.toLowerCase();
    case "country_code":
      return value.toUpperCase();
    case "asn":
      return String(Number(ASN.exec(value)?.[1] ?? value));
    case "ip": {
      const range = parseRange(value);
      if (!range) return value;
      return value.includes("/") ? `${range[0].toString()}/${range[1]}` : range[0].toString();
    }
    default:
      return value;
  }
}

export type Rule = { type: string; value: string; match_type: string };

/** A compiled entry: `matches(value)` for a buyer's value of the entry's type. */
export function ruleMatcher(rule: Rule): (value: string) => boolean {
  if (rule.match_type === "regex") {
    let pattern: RE2JS;
    try {
      pattern = compilePattern(rule.value);
    } catch {
      return () => false; // only valid patterns are stored; a newer engine refusing one must not break checkout
    }
    return (value) => pattern.test(value);
  }
  switch (rule.type as RuleType) {
    case "ip": {
      const range = parseRange(rule.value);
      if (!range) return () => false;
      return (value) => {
        const address = parseRange(value);
        if (!address || address[0].kind() !== range[0].kind()) return false;
        return address[0].match(range[0] as never, range[1]);
      };
    }
    case "asn":
      return (value) => normalizeExact("asn", value.trim()) === rule.value;
    default:
      return (value) => value.trim().toLowerCase() === rule.value.toLowerCase();
  }
}
