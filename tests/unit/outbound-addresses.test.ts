import { expect, test } from "vitest";
import { internalAddressRange, internalHostRange } from "../../lib/outbound/addresses";
import { allowedHostsSetting, isAllowedTarget, refusalAsWritten, type OutboundPolicy } from "../../lib/outbound/policy";
import { publicHttpUrl } from "../../lib/outbound/public-url";
import { INTERNAL_HOSTS } from "../../e2e/support/outbound";

const PUBLIC_HOSTS = ["example.com", "shop.example.com.", "8.8.8.8", "1.1.1.1", "[2606:4700:4700::1111]", "[::ffff:8.8.8.8]", "vm"];

const policy: OutboundPolicy = {
  ownReceiver: "http://127.0.0.1:3000/v1/reseller/dynamic/",
  allowedHosts: new Set(["127.0.0.1:4000", "localhost:5000"]),
};

test("every spelling of an internal host is internal as written", () => {
  for (const host of INTERNAL_HOSTS) {
    expect(internalHostRange(new URL(`http://${host}:8080/x`).hostname), host).not.toBeNull();
  }
  for (const host of PUBLIC_HOSTS) {
    expect(internalHostRange(new URL(`https://${host}/x`).hostname), host).toBeNull();
  }
});

test("resolved addresses: only global unicast passes, IPv4-mapped judged as IPv4", () => {
  expect(internalAddressRange("127.0.0.1")).toBe("loopback");
  expect(internalAddressRange("10.1.2.3")).toBe("private");
  expect(internalAddressRange("169.254.169.254")).toBe("linkLocal");
  expect(internalAddressRange("100.100.100.200")).toBe("carrierGradeNat");
  expect(internalAddressRange("::1")).toBe("loopback");
  expect(internalAddressRange("::ffff:10.0.0.1")).toBe("private");
  expect(internalAddressRange("fd00:ec2::254")).toBe("uniqueLocal");
  expect(internalAddressRange("fe80::1%eth0")).toBe("linkLocal");
  expect(internalAddressRange("not an address")).toBe("invalid");
  expect(internalAddressRange("93.184.216.34")).toBeNull();
  expect(internalAddressRange("::ffff:93.184.216.34")).toBeNull();
  expect(internalAddressRange("2606:4700:4700::1111")).toBeNull();
});

test("the own receiver and OUTBOUND_ALLOWED_HOSTS entries are allowed, exactly", () => {
  const allowed = (text: string) => isAllowedTarget(new URL(text), policy);
  expect(allowed("http://127.0.0.1:3000/v1/reseller/dynamic/tok?product_id=1&variant_id=2")).toBe(true);
  expect(allowed("http://127.0.0.1:3000/v1/shops/1/products")).toBe(false);
  expect(allowed("http://127.0.0.1:3000/v1/reseller/dynamic/../../shops")).toBe(false);
  expect(allowed("https://127.0.0.1:3000/v1/reseller/dynamic/tok")).toBe(false);
  expect(allowed("http://localhost:3000/v1/reseller/dynamic/tok")).toBe(false);
  expect(allowed("http://127.0.0.1:4000/anything")).toBe(true);
  expect(allowed("https://127.0.0.1:4000/anything")).toBe(true);
  expect(allowed("http://127.0.0.1:4001/")).toBe(false);
  expect(allowed("http://localhost:4000/")).toBe(false);
  expect(allowed("http://LOCALHOST:5000/")).toBe(true);

  expect(refusalAsWritten(new URL("ftp://example.com/x"), policy)).toMatch(/http and https/);
  expect(refusalAsWritten(new URL("http://[::1]:4000/"), policy)).toMatch(/internal address \(loopback\)/);
  expect(refusalAsWritten(new URL("http://127.0.0.1:4000/"), policy)).toBeNull();
  expect(refusalAsWritten(new URL("https://example.com/"), policy)).toBeNull();
});

test("OUTBOUND_ALLOWED_HOSTS: host:port entries, normalised; anything else is a configuration error", () => {
  expect([...allowedHostsSetting.parse(undefined)]).toEqual([]);
  expect([...allowedHostsSetting.parse(" 127.0.0.1:4000, LocalHost:80 ,[0:0::1]:5000,,")]).toEqual([
    "127.0.0.1:4000",
    "localhost:80",
    "[::1]:5000",
  ]);
  for (const bad of ["localhost", "http://a:1", "a:1/x", "u@a:1", "a:99999", "[::1]"]) {
    expect(allowedHostsSetting.safeParse(bad).success, bad).toBe(false);
  }
});

test("the save-time rule: 422 messages for a non-http(s) URL and an internal one", () => {
  const schema = publicHttpUrl();
  const message = (value: string) => schema.safeParse(value).error?.issues[0]?.message;
  expect(message("https://example.com/deliver")).toBeUndefined();
  expect(message("gopher://example.com/")).toBe("The url field must be a valid http or https URL.");
  expect(message("file:///etc/passwd")).toBe("The url field must be a valid http or https URL.");
  expect(message("http://169.254.169.254/latest/meta-data/")).toBe(
    "The url field must be a public address: internal and loopback addresses are refused.",
  );
  expect(schema.safeParse("http://0x7f.1/").error?.issues).toHaveLength(1);
});
