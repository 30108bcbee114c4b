import { randomBytes, scryptSync } from "node:crypto";
import { beforeAll, expect, test } from "vitest";
import { clientGroup } from "../../lib/auth/login";
import { hashPassword, verifyPassword } from "../../lib/auth/passwords";

/**
 * Password hashes (lib/auth/passwords.ts): the parameters in the stored
 * string, the first format still verifying, the upgrade flag; and the client
 * a sign-in limit counts (lib/auth/login.ts). A low cost keeps it quick: the
 * format and the comparison are the same at any N.
 */
beforeAll(() => {
  process.env.SCRYPT_COST = "1024";
});

test("a hash carries scrypt's N, r and p, its salt and its key; it verifies the password and only it", async () => {
  const stored = await hashPassword("correct horse battery");
  expect(stored).toMatch(/^scrypt\$1024\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{86}$/);
  expect(await hashPassword("correct horse battery")).not.toBe(stored);
  expect(await verifyPassword("correct horse battery", stored)).toEqual({ ok: true, rehash: false });
  expect(await verifyPassword("correct horse batterY", stored)).toEqual({ ok: false, rehash: false });
});

test("a hash of lower parameters verifies at its own cost and asks to be upgraded; a higher one does not", async () => {
  const salt = randomBytes(16);
  const key = (N: number) => scryptSync("pw-of-old", salt, 64, { N, r: 8, p: 1 }).toString("base64url");
  const lower = `scrypt$512$8$1$${salt.toString("base64url")}$${key(512)}`;
  expect(await verifyPassword("pw-of-old", lower)).toEqual({ ok: true, rehash: true });
  const higher = `scrypt$2048$8$1$${salt.toString("base64url")}$${key(2048)}`;
  expect(await verifyPassword("pw-of-old", higher)).toEqual({ ok: true, rehash: false });
});

test("the first format (`scrypt:salt:hash`, Node's defaults) still verifies and is always upgraded", async () => {
  const salt = randomBytes(16);
  const first = `scrypt:${salt.toString("base64url")}:${scryptSync("seller-password", salt, 64).toString("base64url")}`;
  expect(await verifyPassword("seller-password", first)).toEqual({ ok: true, rehash: true });
  expect(await verifyPassword("other", first)).toEqual({ ok: false, rehash: false });
});

test("no hash, a placeholder or a malformed one verifies nothing", async () => {
  for (const stored of [null, "!", "", "scrypt$3$8$1$AAAA$AAAA", "bcrypt$2b$10$whatever", "scrypt:only-salt"]) {
    expect(await verifyPassword("anything", stored)).toEqual({ ok: false, rehash: false });
  }
});

test("a sign-in limit counts an IPv4 client as its address and an IPv6 client as its /64", () => {
  expect(clientGroup("198.51.100.7")).toBe("198.51.100.7");
  expect(clientGroup("::ffff:198.51.100.7")).toBe("198.51.100.7");
  expect(clientGroup("2001:db8:ace:1:aaaa:bbbb:cccc:dddd")).toBe("2001:db8:ace:1::/64");
  expect(clientGroup("2001:0db8:0ace:0001::1")).toBe("2001:db8:ace:1::/64");
  expect(clientGroup("2001:db8::1")).toBe("2001:db8:0:0::/64");
  expect(clientGroup("2001:db8:ace:2::1")).not.toBe(clientGroup("2001:db8:ace:1::1"));
});
