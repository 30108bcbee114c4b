import { expect, test } from "vitest";
import { readBody } from "../../lib/api/body";
import { ApiError } from "../../lib/api/errors";
import { decodablePath } from "../../lib/api/incoming";
import { refuseUnstorableText } from "../../lib/api/input";
import { jsonDepth, parseJson } from "../../lib/api/json";

function thrown(work: () => unknown): ApiError {
  try {
    work();
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error("nothing was thrown");
}

test("jsonDepth counts brackets outside strings, in one pass", () => {
  expect(jsonDepth("1")).toBe(0);
  expect(jsonDepth('{"a":[1,{"b":2}]}')).toBe(3);
  expect(jsonDepth('{"a":"[[[{{{"}')).toBe(1);
  expect(jsonDepth('["\\"[[["]')).toBe(1);
  expect(jsonDepth("[".repeat(100_000))).toBe(100_000);
});

test("parseJson refuses nesting beyond 32 and drops prototype keys", () => {
  expect(parseJson(`${"[".repeat(32)}${"]".repeat(32)}`)).toBeTruthy();
  expect(thrown(() => parseJson(`${"[".repeat(33)}${"]".repeat(33)}`)).status).toBe(400);
  expect(thrown(() => parseJson("{")).message).toBe("Malformed JSON body.");
  const parsed = parseJson(
    '{"__proto__":{"polluted":1},"constructor":{"prototype":{"polluted":1}},"a":{"__proto__":{"x":1},"b":2}}',
  ) as Record<string, Record<string, unknown>>;
  expect(Object.keys(parsed)).toEqual(["a"]);
  expect(parsed.a).toEqual({ b: 2 });
  expect(Object.getPrototypeOf(parsed)).toBe(Object.prototype);
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
});

test("decodablePath leaves decodable paths alone and makes the others decodable as browsers read them", () => {
  expect(decodablePath("/v1/shops/1/invoices/%C3%A9?x=%ZZ")).toBe("/v1/shops/1/invoices/%C3%A9?x=%ZZ");
  expect(decodablePath("/v1/a/%ZZ")).toBe("/v1/a/%25ZZ");
  expect(decodablePath("/v1/a/%E0%A4%A/b?q=%E0")).toBe("/v1/a/%EF%BF%BD%25A/b?q=%E0");
  for (const path of ["/%", "/%E0", "/%FF%FE/%00", "/x%2"]) expect(() => decodeURIComponent(decodablePath(path))).not.toThrow();
});

test("refuseUnstorableText names every dotted field that carries U+0000 or a lone surrogate", () => {
  expect(() => refuseUnstorableText({ a: "ok", b: [1, "fine"], c: { d: null } })).not.toThrow();
  const error = thrown(() => refuseUnstorableText({ code: "a\u0000", items: [{ name: "x" }, { name: "\u0000" }], ok: "y" }));
  expect(error.status).toBe(422);
  expect(Object.keys(error.errors!).sort()).toEqual(["code", "items.1.name"]);
  expect(Object.keys(thrown(() => refuseUnstorableText({ gateways: { "BT\u0000C": true } })).errors!)).toEqual(["gateways"]);
  // a lone surrogate (a JSON "\ud800" escape) fails json columns: refused the same way, pairs are text like any other
  const lone = thrown(() => refuseUnstorableText(JSON.parse('{"name":"a\\ud800","ok":"\\ud83d\\ude00","items":[{"\\udfff":1}]}')));
  expect(lone.errors).toEqual({ name: ["The name field must be valid Unicode text."], "items.0": [expect.any(String)] });
});

test("a body whose stream breaks (the client went away mid-upload) is a 400, not a server error", async () => {
  const broken = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode('{"a":'));
      controller.error(Object.assign(new Error("aborted"), { code: "ECONNRESET" }));
    },
  });
  const error = await readBody(broken, 1024).then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(ApiError);
  expect((error as ApiError).status).toBe(400);
  // past the limit is still 413, whatever follows
  await expect(readBody(new Blob(["x".repeat(2048)]).stream(), 1024)).rejects.toMatchObject({ status: 413 });
});
