import { RESELLER_SESSION_COOKIE, SELLER_SESSION_COOKIE } from "../auth/sessions";
import { SchemaComponents, type JsonSchema } from "./json-schema";
import { rolesWith } from "../members/permissions";
import { TAGS, type Auth, type Operation } from "./operation";
import { REFUSALS, refusalsOf, statusOf, type RefusalName } from "./refusals";
import { BULK_UPDATE_FIELDS } from "../catalog/schemas";

const JSON_TYPE = "application/json";

/** What each path id is; ids that are not listed are positive integers. */
const PATH_IDS: Record<string, { description: string; schema: JsonSchema }> = {
  shopId: { description: "One of the caller's shops (`GET /v1/shops`).", schema: { type: "integer", minimum: 1 } },
  invoiceId: { description: "The invoice's numeric id or its `unique_id`.", schema: { type: "string" } },
  id: { description: "The invoice's numeric id or its `unique_id`.", schema: { type: "string" } },
  token: { description: "The reseller's dynamic delivery token.", schema: { type: "string" } },
  uniqueId: { description: "The invoice's `unique_id` (the buyer's link).", schema: { type: "string" } },
  field: {
    description: "The setting the bulk update changes; any other is 404.",
    schema: { type: "string", enum: BULK_UPDATE_FIELDS },
  },
};
const RECORD_ID = { description: "A positive integer; anything else names no record (404).", schema: { type: "integer", minimum: 1 } };

const securityOf: Record<Auth, Record<string, string[]>[]> = {
  seller: [{ sellerKey: [] }, { sessionCookie: [] }],
  reseller: [{ resellerKey: [] }, { resellerSessionCookie: [] }],
  signature: [],
  none: [],
};

/** What the operation needs of the caller, in words, for its description. */
function permissionSentence(op: Operation): string | null {
  if (op.auth !== "seller") return null;
  if (!op.permission) throw new Error(`${op.operationId}: a seller operation must name its permission`);
  const sessionOnly = op.sessionOnly ? " A dashboard session only: an API key is refused (403)." : "";
  const reauth = op.reauth
    ? ` A sensitive change${op.reauth === "body" ? " (for the fields named above)" : ""}: a session needs its password entered in the last 10 minutes, else 403 \`reauthentication_required\` (API keys are not asked); the shop's owner, or the account, is e-mailed.`
    : "";
  if (op.permission === "account") return `Any signed-in seller; names no shop.${sessionOnly}${reauth}`;
  const roles = rolesWith(op.permission).join(", ");
  const keys = op.permission.endsWith(":read") ? "" : " A read-only API key is refused.";
  return `Needs the \`${op.permission}\` permission in the shop (roles: ${roles}); others get 403 naming it.${keys}${sessionOnly}${reauth}`;
}

function pathParameters(path: string) {
  return [...path.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({ name, in: "path", required: true, ...(PATH_IDS[name!] ?? RECORD_ID) }));
}

function queryParameters(components: SchemaComponents, op: Operation) {
  const fromSchema = op.query
    ? (components.convert(op.query, "input") as { properties?: Record<string, JsonSchema>; required?: string[] })
    : {};
  const parsed = Object.entries(fromSchema.properties ?? {}).map(([name, schema]) => ({
    name,
    in: "query",
    required: fromSchema.required?.includes(name) ?? false,
    schema,
    // Arrays and objects in the PHP forms: a[]=x, a[0]=x, gateways[BTC]=1.
    ...(schema.type === "object" || schema.type === "array" ? { style: "deepObject", explode: true } : {}),
  }));
  const raw = (op.rawQuery ?? []).map(({ name, description, required, type }) => ({
    name,
    in: "query",
    required,
    description,
    schema: { type },
  }));
  return [...parsed, ...raw];
}

function requestBody(components: SchemaComponents, op: Operation) {
  if (!op.body) return {};
  const schema = components.convert(op.body, "input");
  return {
    requestBody: {
      // A body whose every field is optional may be left out.
      required: op.multipart || !op.body.safeParse({}).success,
      content: {
        [op.multipart ? "multipart/form-data" : JSON_TYPE]: { schema },
        ...(op.multipartBody ? { "multipart/form-data": { schema: components.convert(op.multipartBody, "input") } } : {}),
      },
    },
  };
}

function responses(components: SchemaComponents, op: Operation) {
  const out: Record<string, unknown> = {};
  for (const { status = 200, description, schema, contentType = JSON_TYPE, headers } of [op.response, op.alsoResponds ?? []].flat()) {
    out[status] = {
      description,
      ...(headers ? { headers } : {}),
      content: { [contentType]: { schema: components.convert(schema, "output") } },
    };
  }
  for (const refusal of refusalsOf(op)) {
    out[statusOf(refusal)] =
      typeof refusal === "string"
        ? { $ref: `#/components/responses/${refusal}` }
        : { description: refusal.description, content: { "text/plain": { schema: { type: "string" } } } };
  }
  return out;
}

function refusalComponents(components: SchemaComponents) {
  return Object.fromEntries(
    (Object.entries(REFUSALS) as [RefusalName, (typeof REFUSALS)[RefusalName]][]).map(([name, refusal]) => [
      name,
      {
        description: refusal.description,
        ...("headers" in refusal ? { headers: refusal.headers } : {}),
        content: { [JSON_TYPE]: { schema: components.convert(refusal.body, "output") } },
      },
    ]),
  );
}

/**
 * The OpenAPI 3.1 document of /v1: every operation with its input schemas,
 * its success answer and its refusals, from the zod schemas the routes and
 * serializers use.
 */
export function buildDocument(operations: Operation[], serverUrl: string) {
  const components = new SchemaComponents();
  const paths: Record<string, Record<string, unknown>> = {};
  const operationIds = new Set<string>();
  for (const op of operations) {
    if (operationIds.has(op.operationId)) throw new Error(`operationId ${op.operationId} is used twice`);
    operationIds.add(op.operationId);
    const needs = permissionSentence(op);
    const description = [op.description, needs].filter(Boolean).join("\n\n");
    (paths[op.path] ??= {})[op.method] = {
      operationId: op.operationId,
      summary: op.summary,
      ...(description ? { description } : {}),
      ...(op.permission ? { "x-permission": op.permission } : {}),
      ...(op.reauth ? { "x-reauthentication": op.reauth === "body" ? "some bodies" : "always" } : {}),
      tags: [op.tag],
      // a session-only route refuses keys: its one scheme is the dashboard's cookie
      security: op.sessionOnly ? [op.auth === "reseller" ? { resellerSessionCookie: [] } : { sessionCookie: [] }] : securityOf[op.auth],
      parameters: [
        ...pathParameters(op.path),
        ...queryParameters(components, op),
        ...(op.headers ?? []).map(({ name, description, required }) => ({
          name,
          in: "header",
          required,
          description,
          schema: { type: "string" },
        })),
      ],
      ...requestBody(components, op),
      responses: responses(components, op),
    };
  }
  const refusals = refusalComponents(components);
  return {
    openapi: "3.1.0",
    info: {
      title: "Shopdesk API",
      version: "1.0.0",
      description:
        "Seller API under /v1/shops, reseller API under /v1/reseller. List filters of GET routes may be sent as query parameters or as a JSON body.",
      license: { name: "Proprietary", identifier: "LicenseRef-Proprietary" },
    },
    servers: [{ url: serverUrl }],
    tags: Object.entries(TAGS).map(([name, description]) => ({ name, description })),
    paths,
    components: {
      securitySchemes: {
        sellerKey: { type: "http", scheme: "bearer", description: "Seller API key (Account, then API)." },
        sessionCookie: {
          type: "apiKey",
          in: "cookie",
          name: SELLER_SESSION_COOKIE,
          description: "The dashboard's session (`__Host-` prefixed over TLS).",
        },
        resellerKey: { type: "http", scheme: "bearer", description: "Reseller API key (reseller portal, Developer)." },
        resellerSessionCookie: {
          type: "apiKey",
          in: "cookie",
          name: RESELLER_SESSION_COOKIE,
          description: "The reseller portal's session (`__Host-` prefixed over TLS).",
        },
      },
      responses: refusals,
      schemas: components.schemas,
    },
  };
}
