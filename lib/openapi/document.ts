import { z } from "zod";
import "../validation/messages";

export type Auth = "seller" | "reseller" | "signature" | "none";

export type Operation = {
  method: "get" | "post" | "put" | "delete";
  /** OpenAPI path template: /v1/shops/{shopId}/invoices */
  path: string;
  summary: string;
  tag: string;
  auth: Auth;
  query?: z.ZodType;
  body?: z.ZodType;
  /** multipart/form-data instead of JSON */
  multipart?: boolean;
  /** success status and what it returns */
  success?: { status?: number; description: string; contentType?: string; schema?: z.ZodType };
  /** extra documented error statuses beyond the common ones */
  errors?: number[];
};

const errorBody = {
  type: "object",
  properties: {
    message: { type: "string" },
    errors: { type: "object", additionalProperties: { type: "array", items: { type: "string" } } },
  },
  required: ["message"],
};

const commonErrors: Record<string, { description: string }> = {
  "401": { description: 'Missing or invalid credentials: `{"message": "Unauthenticated."}`' },
  "422": { description: "Validation failed: `{message, errors: {field: [..]}}`" },
};

function jsonSchema(schema: z.ZodType) {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as Record<string, unknown>;
  return rest;
}

function queryParameters(schema: z.ZodType) {
  const json = jsonSchema(schema) as { properties?: Record<string, unknown>; required?: string[] };
  return Object.entries(json.properties ?? {}).map(([name, property]) => ({
    name,
    in: "query",
    required: json.required?.includes(name) ?? false,
    schema: property,
    ...(typeof property === "object" && property && "type" in property && (property.type === "object" || property.type === "array")
      ? { style: "deepObject", explode: true }
      : {}),
  }));
}

const securityOf: Record<Auth, unknown[]> = {
  seller: [{ sellerKey: [] }, { sessionCookie: [] }],
  reseller: [{ resellerKey: [] }],
  signature: [],
  none: [],
};

/** An OpenAPI 3.1 document built from the zod schemas that validate the requests. */
export function buildDocument(operations: Operation[], serverUrl: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of operations) {
    const pathParams = [...op.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({
      name,
      in: "path",
      required: true,
      schema: name === "invoiceId" || name === "token" || name === "id" ? { type: "string" } : { type: "integer" },
    }));
    const success = op.success ?? { description: "OK" };
    const responses: Record<string, unknown> = {
      [String(success.status ?? 200)]: {
        description: success.description,
        content: { [success.contentType ?? "application/json"]: { schema: success.schema ? jsonSchema(success.schema) : {} } },
      },
    };
    if (op.auth === "seller" || op.auth === "reseller") responses["401"] = commonErrors["401"];
    if (op.path.includes("{shopId}")) responses["404"] = { description: "Shop not found, or the record is not in this shop" };
    if (op.query || op.body) responses["422"] = commonErrors["422"];
    for (const status of op.errors ?? []) responses[String(status)] ??= { description: "See API-CONVENTIONS.md" };
    (paths[op.path] ??= {})[op.method] = {
      summary: op.summary,
      tags: [op.tag],
      security: securityOf[op.auth],
      parameters: [...pathParams, ...(op.query ? queryParameters(op.query) : [])],
      ...(op.body
        ? {
            requestBody: {
              required: true,
              content: op.multipart
                ? { "multipart/form-data": { schema: jsonSchema(op.body) } }
                : { "application/json": { schema: jsonSchema(op.body) } },
            },
          }
        : {}),
      responses,
    };
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Shopdesk API",
      version: "1.0.0",
      description:
        "Seller API under /v1/shops, reseller API under /v1/reseller. List filters on GET routes may be sent as query parameters or as a JSON body.",
    },
    servers: [{ url: serverUrl }],
    components: {
      securitySchemes: {
        sellerKey: { type: "http", scheme: "bearer", description: "Seller API key (Account, then API)" },
        resellerKey: { type: "http", scheme: "bearer", description: "Reseller API key (reseller portal, Developer)" },
        sessionCookie: { type: "apiKey", in: "cookie", name: "shopdesk_session" },
      },
      schemas: { Error: errorBody },
    },
    paths,
  };
}
