import type { APIRequestContext, APIResponse } from "@playwright/test";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { OpenAPIBackend, type Document } from "openapi-backend";
import { expect } from "./api";

/**
 * The served OpenAPI document and a validator of real answers against it:
 * openapi-backend finds the operation's response for a status, Ajv's
 * JSON Schema 2020-12 (OpenAPI 3.1's dialect) checks the body and headers.
 */

type ResponseObject = { description: string; content?: Record<string, unknown>; headers?: Record<string, { required?: boolean }> };
type OperationObject = {
  operationId: string;
  responses: Record<string, ResponseObject | { $ref: string }>;
  security?: unknown[];
  requestBody?: { required: boolean; content: Record<string, unknown> };
};
export type OpenApiDocument = {
  paths: Record<string, Record<string, OperationObject>>;
  components: { responses: Record<string, ResponseObject> };
};

export type DocumentedOperation = { operationId: string; method: string; path: string; operation: OperationObject };

export type SendOptions = {
  client?: APIRequestContext;
  params?: Record<string, string | number>;
  query?: Record<string, string | number | boolean>;
  data?: unknown;
  multipart?: Record<string, string | { name: string; mimeType: string; buffer: Buffer }>;
  headers?: Record<string, string>;
};

export class DocumentValidator {
  private readonly byId: Map<string, DocumentedOperation>;

  constructor(
    readonly document: OpenApiDocument,
    private readonly backend: OpenAPIBackend,
  ) {
    this.byId = new Map(
      Object.entries(document.paths).flatMap(([path, methods]) =>
        Object.entries(methods).map(([method, operation]) => [
          operation.operationId,
          { operationId: operation.operationId, method, path, operation },
        ]),
      ),
    );
  }

  operations(): DocumentedOperation[] {
    return [...this.byId.values()];
  }

  operation(operationId: string): DocumentedOperation {
    const found = this.byId.get(operationId);
    if (!found) throw new Error(`the document has no operation ${operationId}`);
    return found;
  }

  /** The operation's path with its parameters filled in. */
  url(operationId: string, params: Record<string, string | number> = {}): string {
    return this.operation(operationId).path.replace(/\{(\w+)\}/g, (_, name: string) => {
      if (params[name] === undefined) throw new Error(`${operationId} needs the path parameter ${name}`);
      return encodeURIComponent(String(params[name]));
    });
  }

  /** Sends a request to the operation, with the method and path the document gives it. */
  send(client: APIRequestContext, operationId: string, { params, query, data, multipart, headers }: Omit<SendOptions, "client"> = {}) {
    const { method } = this.operation(operationId);
    return client.fetch(this.url(operationId, params), {
      method,
      params: query,
      headers,
      ...(multipart ? { multipart } : data === undefined ? {} : { data }),
    });
  }

  /** The documented response for a status, its `$ref` followed. */
  private responseFor(operationId: string, status: number): ResponseObject | undefined {
    const declared = this.operation(operationId).operation.responses[String(status)];
    if (declared && "$ref" in declared) return this.document.components.responses[declared.$ref.split("/").pop()!];
    return declared;
  }

  /** The status of the operation's documented success. */
  successStatus(operationId: string): number {
    return Number(Object.keys(this.operation(operationId).operation.responses).find((status) => status.startsWith("2")));
  }

  /**
   * Fails unless the answer is one the document lists for the operation:
   * its status, its content type, its body and its headers.
   */
  async expectDocumented(response: APIResponse, operationId: string, expectedStatus?: number) {
    const status = response.status();
    const text = await response.text();
    const where = `${operationId} (${response.url()}) answered ${status}: ${text.slice(0, 500)}`;
    if (expectedStatus !== undefined) expect(status, where).toBe(expectedStatus);
    const documented = this.responseFor(operationId, status);
    expect(documented, `${where}\nThe document lists no ${status} for ${operationId}.`).toBeTruthy();
    const contentType = (response.headers()["content-type"] ?? "").split(";")[0]!.trim();
    expect(Object.keys(documented!.content ?? {}), `${where}\nUndocumented content type ${contentType}`).toContain(contentType);
    if (contentType === "application/json") {
      const result = this.backend.validateResponse(JSON.parse(text), operationId, status);
      expect(result.errors ?? [], `${where}\nThe body differs from the document`).toEqual([]);
    }
    const headers = response.headers();
    const requiredHeaders = Object.entries(documented!.headers ?? {}).filter(([, header]) => header.required);
    for (const [name] of requiredHeaders) expect(headers[name.toLowerCase()], `${where}\nThe ${name} header is missing`).toBeDefined();
    const headerResult = this.backend.validateResponseHeaders(headers, operationId, { statusCode: status });
    expect(headerResult.errors ?? [], `${where}\nA header differs from the document`).toEqual([]);
    return text;
  }
}

let cached: Promise<DocumentValidator> | undefined;

/** The document served by the server under test, read once per worker. */
export function documentValidator(anonymous: APIRequestContext): Promise<DocumentValidator> {
  cached ??= (async () => {
    const response = await anonymous.get("/v1/openapi.json");
    expect(response.status()).toBe(200);
    const document = (await response.json()) as OpenApiDocument;
    const backend = new OpenAPIBackend({
      definition: document as unknown as Document,
      // openapi-backend checks a document against OpenAPI 3.0's schema only; the
      // 3.1 document is checked by Redocly's linter (e2e/api/openapi-lint.spec.ts).
      quick: true,
      customizeAjv: (_ajv, options) => {
        const ajv = new Ajv2020({ ...options, strict: true, allErrors: true, allowUnionTypes: true });
        addFormats(ajv);
        return ajv as never;
      },
    });
    await backend.init();
    return new DocumentValidator(document, backend);
  })();
  return cached;
}
