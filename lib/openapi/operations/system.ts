import * as z from "../../validation/zod";
import type { Operation } from "../operation";

/** What the liveness check answers once the database has answered a query. */
const healthView = z.object({ status: z.literal("ok") });
const readinessView = z.object({ status: z.literal("ready") });

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
    operationId: "getReadiness",
    method: "get",
    path: "/v1/health/ready",
    summary: "Readiness: the database answers and has every migration of this build",
    tag: "System",
    auth: "none",
    description:
      "503 `{message, pending?}` with `Retry-After` while the database does not answer or migrations of this build are not applied: a load balancer sends no traffic until then.",
    response: { description: "Ready for traffic.", schema: readinessView },
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
