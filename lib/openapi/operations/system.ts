import * as z from "../../validation/zod";
import type { Operation } from "../operation";

/** What the liveness check answers once the database has answered a query. */
const healthView = z.object({ status: z.literal("ok") });

/** This document; its shape is OpenAPI's own, so only its frame is described. */
const documentView = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.record(z.string(), z.unknown())),
});

export const systemOperations: Operation[] = [
  {
    operationId: "getHealth",
    method: "get",
    path: "/v1/health",
    summary: "Liveness and database check",
    tag: "System",
    auth: "none",
    response: { description: "The server and its database answer.", schema: healthView },
  },
  {
    operationId: "getOpenApiDocument",
    method: "get",
    path: "/v1/openapi.json",
    summary: "This document",
    tag: "System",
    auth: "none",
    response: { description: "The OpenAPI 3.1 document of /v1.", schema: documentView },
  },
];
