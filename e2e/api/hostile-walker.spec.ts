import { randomUUID } from "node:crypto";
import { expect, test } from "../support/api";
import { inPool, rawRequest, type RawResponse } from "../support/raw-http";
import { freshReseller } from "../support/reseller";
import { approvedApplicant } from "../support/reseller-portal";
import { seed } from "../support/seed";

/**
 * Walks every operation of /v1/openapi.json (the document, not a list of
 * routes, so a route added later is walked too) and sends each hostile
 * values in its path, query and body: NUL, malformed percent-encoding and
 * UTF-8, numbers beyond PostgreSQL's integer, wrong types, deep nesting,
 * huge strings and arrays, prototype keys, odd content types, undecodable
 * cookies. No answer may be 5xx, and every error has the documented shape.
 *
 * Nothing here can harm tests running beside it: seller routes are walked
 * on the demo seller's second shop with ids that name no record (999999999),
 * so a hostile value that happens to be valid meets a 404, not a record;
 * writes to a whole shop get no required fields, so none can succeed (see
 * probesOf); reseller routes use a reseller made for the walk, with no
 * balance; operations that take no input (the key rotations, sign-out,
 * mark-as-read) get only the unauthenticated probe, since there is nothing
 * hostile to send them.
 */

type Schema = { type?: string; properties?: Record<string, Schema>; required?: string[]; items?: Schema; [key: string]: unknown };
type Parameter = { name: string; in: string; schema?: Schema };
type Operation = {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema?: Schema }> };
  security?: Record<string, unknown>[];
  responses: Record<string, { content?: Record<string, unknown> }>;
};
type Walked = { method: string; template: string; op: Operation };
type Probe = { label: string; method: string; path: string; headers?: Record<string, string>; body?: string | Buffer };
type Expectation = { statuses?: number[]; field?: string };

const ABSENT_ID = "999999999";
const SHARDS = 4;

/** JSON values sent in every documented body field at once (one request each). */
const hostileJsonValues: [string, unknown][] = [
  ["lone surrogate", "\ud800x"],
  ["percent-encoding", "%E0%A4%A%ZZ"],
  ["huge string", "x".repeat(20_000)],
  ["huge integer", 1e20],
  ["negative overflow", -2_147_483_649],
  ["huge float", 1.7976931348623157e308],
  ["fraction", 0.5],
  ["boolean", true],
  ["object", { a: 1 }],
  ["huge array", Array.from({ length: 2_000 }, (_, i) => i)],
  ["array with NUL", ["\u0000"]],
  ["empty string", ""],
];

/** JSON values sent in each body field on its own, beside the required fields: the ones that can pass validation and reach the database. */
const hostileFieldValues: [string, unknown][] = [
  ["NUL", "a\u0000b"],
  ["lone surrogate", "a\ud800b"],
  ["int4 overflow", 2_147_483_648],
];

/** Text the database cannot store: refused with 422 on the field, wherever it is sent. */
const UNSTORABLE = new Set(["NUL", "lone surrogate"]);

/** Query values as they go on the wire, malformed ones included, sent in every documented query parameter at once. */
const hostileQueryValues: [string, string][] = [
  ["bad UTF-8 percent-encoding", "%E0%A4%A"],
  ["invalid percent-encoding", "%ZZ"],
  ["bytes that are not UTF-8", "%FF%FE"],
  ["int4 overflow", "2147483648"],
  ["huge integer", "99999999999999999999"],
  ["negative overflow", "-2147483649"],
  ["exponent", "1e308"],
  ["huge string", "x".repeat(1000)],
];

/** Query forms of one parameter (`{name}` stands for it), sent for every documented parameter at once. */
const hostileQueryForms: [string, string][] = [
  ["array with NUL", "{name}[]=a%00b"],
  ["deep keys", "{name}[a][b][c][d][e][f][g][h]=1"],
  ["prototype keys", "{name}[__proto__][polluted]=1&{name}[constructor][prototype][polluted]=1"],
  ["sparse array", "{name}[0]=1&{name}[99999]=2"],
];

const hostilePathValues: [string, string][] = [
  ["NUL", "a%00b"],
  ["bad UTF-8 percent-encoding", "%E0%A4%A"],
  ["invalid percent-encoding", "%ZZ"],
  ["int4 overflow", "2147483648"],
  ["huge integer", "99999999999999999999"],
  ["prototype key", "__proto__"],
  ["huge string", "x".repeat(1000)],
];

const nested = (depth: number) => "[".repeat(depth) + "]".repeat(depth);
const PROTOTYPE_KEYS = '{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}';

/** The simplest value a schema accepts, for the required fields around a hostile one. */
function plainValue(name: string, schema: Schema = {}): unknown {
  if (Array.isArray(schema.enum)) return schema.enum[0];
  const type = schema.type ?? (Array.isArray(schema.anyOf) ? (schema.anyOf as Schema[])[0]?.type : undefined);
  if (type === "integer" || type === "number") return typeof schema.minimum === "number" ? Math.max(schema.minimum, 1) : 1;
  if (type === "boolean") return false;
  if (type === "array") return [];
  if (type === "object") return {};
  if (name.includes("email")) return `walker-${randomUUID()}@example.test`;
  return "walker";
}

function baseBody(schema: Schema | undefined): Record<string, unknown> {
  const base: Record<string, unknown> = {};
  for (const name of schema?.required ?? []) base[name] = plainValue(name, schema?.properties?.[name]);
  return base;
}

function jsonSchemaOf(op: Operation): Schema | undefined {
  return op.requestBody?.content["application/json"]?.schema;
}

function isPlainText(op: Operation): boolean {
  return Object.values(op.responses).some((response) => Object.keys(response.content ?? {}).some((type) => type.startsWith("text/plain")));
}

/**
 * Sessions for routes a key may not use: the demo seller's dashboard session, and a portal session of a
 * reseller of the walk's own (its password may be guessed wrong by a probe, which counts against its sign-in
 * limit): a cookie and this origin each.
 */
type Session = { cookie: string; origin: string };
type Sessions = { dashboard: Session; portal: Session };

function authHeaders(op: Operation, resellerKey: string, sessions: Sessions): Record<string, string> {
  const schemes = (op.security ?? []).flatMap((entry) => Object.keys(entry));
  if (schemes.includes("sellerKey")) return { authorization: `Bearer ${seed().seller.apiKey}` };
  if (schemes.includes("resellerKey")) return { authorization: `Bearer ${resellerKey}` };
  if (schemes.includes("sessionCookie")) return { cookie: sessions.dashboard.cookie, origin: sessions.dashboard.origin };
  if (schemes.includes("resellerSessionCookie")) return { cookie: sessions.portal.cookie, origin: sessions.portal.origin };
  return {};
}

function pathOf(template: string, shopId: number, override?: [string, string]): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    if (override && override[0] === name) return override[1];
    return name === "shopId" ? String(shopId) : ABSENT_ID;
  });
}

function probesOf({ method, template, op }: Walked, shopId: number, resellerKey: string, sessions: Sessions): [Probe, Expectation][] {
  const upper = method.toUpperCase();
  const auth = authHeaders(op, resellerKey, sessions);
  const path = pathOf(template, shopId);
  const probes: [Probe, Expectation][] = [];
  const protectedRoute = Object.keys(auth).length > 0;

  probes.push([
    {
      label: "undecodable session cookies",
      method: upper,
      path,
      headers: { cookie: "shopdesk_session=%E0%A4%A; shopdesk_reseller_session=%ZZ%00" },
    },
    protectedRoute ? { statuses: [401] } : {},
  ]);

  const pathParams = (op.parameters ?? []).filter((parameter) => parameter.in === "path");
  const queryParams = (op.parameters ?? []).filter((parameter) => parameter.in === "query");
  const jsonSchema = jsonSchemaOf(op);
  const multipart = op.requestBody?.content["multipart/form-data"];
  if (!pathParams.length && !queryParams.length && !op.requestBody) return probes;

  for (const parameter of pathParams) {
    for (const [label, value] of hostilePathValues) {
      // A text id that is only odd (not NUL) may reach body validation first.
      const statuses = label === "NUL" || !op.requestBody ? [404] : [404, 422];
      probes.push([
        {
          label: `path ${parameter.name}: ${label}`,
          method: upper,
          path: pathOf(template, shopId, [parameter.name, value]),
          headers: auth,
        },
        { statuses },
      ]);
    }
  }

  if (queryParams.length) {
    const query = (form: (name: string) => string) => queryParams.map((parameter) => form(parameter.name)).join("&");
    for (const parameter of queryParams) {
      probes.push([
        { label: `query ${parameter.name}: NUL`, method: upper, path: `${path}?${parameter.name}=a%00b`, headers: auth },
        { statuses: [422], field: parameter.name },
      ]);
    }
    for (const [label, value] of hostileQueryValues) {
      probes.push([{ label: `query: ${label}`, method: upper, path: `${path}?${query((name) => `${name}=${value}`)}`, headers: auth }, {}]);
    }
    for (const [label, form] of hostileQueryForms) {
      probes.push([
        { label: `query: ${label}`, method: upper, path: `${path}?${query((name) => form.replaceAll("{name}", name))}`, headers: auth },
        {},
      ]);
    }
  }

  if (queryParams.length && upper === "GET") {
    const json = { ...auth, "content-type": "application/json" };
    const first = queryParams[0]!.name;
    probes.push(
      [
        { label: "GET body: NUL", method: upper, path, headers: json, body: JSON.stringify({ [first]: "a\u0000b" }) },
        { statuses: [422], field: first },
      ],
      [
        { label: "GET body: nested 10,000 deep", method: upper, path, headers: json, body: `{"${first}":${nested(10_000)}}` },
        { statuses: [400] },
      ],
      [{ label: "GET body: malformed", method: upper, path, headers: json, body: "{" }, { statuses: [400] }],
      [{ label: "GET body: prototype keys", method: upper, path, headers: json, body: PROTOTYPE_KEYS }, {}],
      [
        { label: "GET body: over 1 MiB", method: upper, path, headers: json, body: `{"${first}":"${"x".repeat(1_100_000)}"}` },
        { statuses: [413] },
      ],
    );
  }

  if (jsonSchema) {
    const json = { ...auth, "content-type": "application/json" };
    // A write to a whole shop (a create, bulk-recover, settings) that succeeded would change a shop other
    // tests read (a tier there reprices their purchases): no required field is filled in for it, and when
    // it has none, only probes that are invalid by construction are sent.
    // Making a shop (POST /v1/shops/create) is such a write too: a walker's shop would join the demo seller's list.
    const shopWide = upper !== "GET" && ((template.match(/\{\w+\}/g) ?? []).join() === "{shopId}" || template === "/v1/shops/create");
    // A session route that checks the password (re-authentication, two-factor disable, password change) counts
    // each wrong one against the demo seller's sign-in limit (10 in 10 minutes): only probes refused before it.
    const checksPassword = upper !== "GET" && "429" in op.responses && "cookie" in auth;
    const onlyRefusals = (shopWide && !jsonSchema.required?.length) || checksPassword;
    const base = shopWide || checksPassword ? {} : baseBody(jsonSchema);
    const send = (label: string, body: string | Buffer, expectation: Expectation = {}, headers = json) =>
      probes.push([{ label, method: upper, path, headers, body }, expectation]);
    const fields = Object.keys(jsonSchema.properties ?? {});
    for (const name of fields) {
      for (const [label, value] of onlyRefusals ? hostileFieldValues.filter(([label]) => UNSTORABLE.has(label)) : hostileFieldValues) {
        send(
          `body ${name}: ${label}`,
          JSON.stringify({ ...base, [name]: value }),
          UNSTORABLE.has(label) ? { statuses: [422], field: name } : {},
        );
      }
    }
    if (fields.length) {
      const everyField = (value: unknown) => ({ ...base, ...Object.fromEntries(fields.map((name) => [name, value])) });
      if (!onlyRefusals) {
        for (const [label, value] of hostileJsonValues) send(`body, every field: ${label}`, JSON.stringify(everyField(value)));
        send("body, every field: prototype keys", JSON.stringify(everyField(null)).replaceAll(":null", `:${PROTOTYPE_KEYS}`));
      }
      send("body, every field: nested 40 deep", JSON.stringify(everyField(null)).replaceAll(":null", `:${nested(40)}`), {
        statuses: [400],
      });
    }
    send("body: malformed", "{", { statuses: [400] });
    send("body: an array", "[]", { statuses: [400] });
    send("body: null", "null", { statuses: [400] });
    send("body: nested 10,000 deep", nested(10_000), { statuses: [400] });
    send("body: form-encoded", "a=1&b=%00", { statuses: [400] }, { ...auth, "content-type": "application/x-www-form-urlencoded" });
    send("body: over 1 MiB", JSON.stringify({ ...base, padding: "x".repeat(1_100_000) }), { statuses: [413] });
    if (!onlyRefusals) {
      send("body: prototype keys", PROTOTYPE_KEYS);
      send("body: bytes that are not UTF-8", Buffer.concat([Buffer.from('{"a":"'), Buffer.from([0xff, 0xfe, 0xc3]), Buffer.from('"}')]));
      send("body: text/plain JSON", JSON.stringify(base), {}, { ...auth, "content-type": "text/plain" });
    }
  }

  if (multipart) {
    // A path naming a record (a ticket's thread) is looked up before an upload is read: a stranger's
    // 20 MB is never parsed for nothing, so the absent record may answer first.
    const namesRecord = pathParams.some((parameter) => parameter.name !== "shopId");
    const send = (label: string, contentType: string | null, body: string) =>
      probes.push([
        { label, method: upper, path, headers: contentType ? { ...auth, "content-type": contentType } : auth, body },
        { statuses: namesRecord ? [404, 422] : [422] },
      ]);
    send("multipart: no content type", null, "x");
    send("multipart: no boundary", "multipart/form-data", "x");
    send("multipart: garbage", "multipart/form-data; boundary=XX", "--XX\r\nnot headers\r\n\r\n");
    send("multipart: JSON instead", "application/json", "{}");
    send(
      "multipart: NUL in the file name",
      "multipart/form-data; boundary=XX",
      '--XX\r\nContent-Disposition: form-data; name="image"; filename="a\u0000b.png"\r\nContent-Type: image/png\r\n\r\nPNG\r\n--XX--\r\n',
    );
  }
  return probes;
}

/** Why a response breaks the rules, or null. */
function fault(walked: Walked, response: RawResponse, expectation: Expectation): string | null {
  if (response.status >= 500) return `answered ${response.status}`;
  // The plain-text receiver checks its token, timestamp and signature before anything the walker sends.
  if (isPlainText(walked.op)) return null;
  if (expectation.statuses && !expectation.statuses.includes(response.status))
    return `answered ${response.status}, expected ${expectation.statuses.join(" or ")}`;
  if (response.status < 400) return null;
  if (!String(response.headers["content-type"]).startsWith("application/json"))
    return `error without a JSON body (${response.headers["content-type"]})`;
  let body: { message?: unknown; errors?: Record<string, unknown> };
  try {
    body = JSON.parse(response.text);
  } catch {
    return "error body is not JSON";
  }
  if (typeof body.message !== "string") return "error body has no message";
  if (response.status === 422) {
    if (!body.errors || typeof body.errors !== "object") return "422 without errors";
    for (const messages of Object.values(body.errors)) {
      if (!Array.isArray(messages) || messages.some((message) => typeof message !== "string")) return "422 errors are not lists of strings";
    }
    if (expectation.field && !Object.hasOwn(body.errors, expectation.field)) return `422 without the field ${expectation.field}`;
  }
  if (response.status === 429 && !response.headers["retry-after"]) return "429 without Retry-After";
  return null;
}

test.describe("hostile input on every operation of the OpenAPI document", () => {
  // a part is a few hundred operations' worth of probes: minutes on a loaded CI machine
  test.describe.configure({ timeout: 300_000 });

  for (let shard = 0; shard < SHARDS; shard++) {
    test(`no request answers 5xx, and errors have the documented shape (part ${shard + 1} of ${SHARDS})`, async ({
      anonymous,
      seller,
      baseURL,
    }) => {
      const document = (await (await anonymous.get("/v1/openapi.json")).json()) as {
        paths: Record<string, Record<string, Operation>>;
        components: { responses: Record<string, { content?: Record<string, unknown> }> };
      };
      const withResponses = (op: Operation): Operation => ({
        ...op,
        responses: Object.fromEntries(
          Object.entries(op.responses).map(([status, response]) => {
            const ref = (response as { $ref?: string }).$ref;
            return [status, ref ? document.components.responses[ref.split("/").pop()!]! : response];
          }),
        ),
      });
      const operations: Walked[] = Object.entries(document.paths)
        .flatMap(([template, methods]) => Object.entries(methods).map(([method, op]) => ({ method, template, op: withResponses(op) })))
        .filter((_, index) => index % SHARDS === shard);
      expect(operations.length).toBeGreaterThan(20);

      const shopId = seed().seller.shopIds[1]!;
      const reseller = await freshReseller(seller, shopId);
      const login = await anonymous.post("/v1/auth/login", { data: { email: seed().seller.email, password: seed().seller.password } });
      expect(login.status()).toBe(200);
      const origin = new URL(baseURL!).origin;
      const applicant = await approvedApplicant(anonymous, seller, shopId);
      const portalLogin = await anonymous.post("/v1/reseller/auth/login", {
        data: { email: applicant.email, password: applicant.password },
      });
      expect(portalLogin.status()).toBe(200);
      const sessions = {
        dashboard: { cookie: login.headers()["set-cookie"]!.split(";")[0]!, origin },
        portal: { cookie: portalLogin.headers()["set-cookie"]!.split(";")[0]!, origin },
      };
      const probes = operations.flatMap((walked) =>
        probesOf(walked, shopId, reseller.apiKey, sessions).map((probe) => ({ walked, probe })),
      );

      const faults: string[] = [];
      // time spent per operation: the walk's slowest routes are named in the log, so a part that nears its timeout says why
      const spent = new Map<string, number>();
      await inPool(probes, 6, async ({ walked, probe: [probe, expectation] }) => {
        const where = `${walked.method.toUpperCase()} ${walked.template} [${probe.label}]`;
        const operation = `${walked.method.toUpperCase()} ${walked.template}`;
        const started = performance.now();
        try {
          const response = await rawRequest(baseURL!, probe);
          spent.set(operation, (spent.get(operation) ?? 0) + performance.now() - started);
          const problem = fault(walked, response, expectation);
          if (problem) faults.push(`${where}: ${problem}: ${response.text.slice(0, 200)}`);
        } catch (error) {
          faults.push(`${where}: no answer (${(error as Error).message})`);
        }
      });
      const slowest = [...spent].sort((a, b) => b[1] - a[1]).slice(0, 5);
      console.log(
        `hostile walk part ${shard + 1}: ${operations.length} operations, ${probes.length} requests; slowest: ` +
          slowest.map(([operation, ms]) => `${operation} ${(ms / 1000).toFixed(1)} s`).join(", "),
      );
      expect(faults).toEqual([]);
    });
  }
});
