import { Secret, TOTP } from "otpauth";
import { describe, expect, it } from "vitest";
import { newRecoveryCodes, newTotpSecret, otpauthUrl, recoveryCodeHash, totpStep } from "@/lib/auth/totp";

const at = Date.UTC(2026, 10, 26, 12, 0, 15);
const codeAt = (secret: string, timestamp: number) => TOTP.generate({ secret: Secret.fromBase32(secret), timestamp });

describe("two-factor codes (RFC 6238)", () => {
  it("RFC 6238's SHA-1 test vector: the secret 12345678901234567890 at 59 s is 287082 (the last 6 of 94287082)", () => {
    const secret = Secret.fromLatin1("12345678901234567890").base32;
    expect(totpStep(secret, "287082", 59_000)).toBe(1);
  });

  it("a code of this step or one either side gives its step; two steps away, or not six digits, none", () => {
    const secret = newTotpSecret();
    const step = Math.floor(at / 30_000);
    expect(totpStep(secret, codeAt(secret, at), at)).toBe(step);
    expect(totpStep(secret, codeAt(secret, at - 30_000), at)).toBe(step - 1);
    expect(totpStep(secret, codeAt(secret, at + 30_000), at)).toBe(step + 1);
    expect(totpStep(secret, codeAt(secret, at + 60_000), at)).toBeNull();
    expect(totpStep(secret, ` ${codeAt(secret, at).slice(0, 3)} ${codeAt(secret, at).slice(3)} `, at)).toBe(step);
    expect(totpStep(secret, "12345", at)).toBeNull();
    expect(totpStep(secret, "abcdef", at)).toBeNull();
  });

  it("the otpauth URL names Shopdesk and the account and carries the secret", () => {
    const secret = newTotpSecret();
    const url = new URL(otpauthUrl(secret, "seller@example.test"));
    expect(url.protocol).toBe("otpauth:");
    expect(decodeURIComponent(url.pathname)).toContain("Shopdesk:seller@example.test");
    expect(url.searchParams.get("secret")).toBe(secret);
    expect(url.searchParams.get("issuer")).toBe("Shopdesk");
  });

  it("ten distinct recovery codes; case, spaces and the dash do not change what is compared", () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-km-np-z2-9]{5}-[a-km-np-z2-9]{5}$/);
    const [code] = codes;
    expect(recoveryCodeHash(code!.toUpperCase().replace("-", " "))).toBe(recoveryCodeHash(code!));
    expect(recoveryCodeHash(code!)).not.toBe(recoveryCodeHash(codes[1]!));
  });
});
