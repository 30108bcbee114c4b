import { accountCalls } from "./account";
import { afterSaleCalls } from "./after-sale";
import { blogCalls } from "./blog";
import { catalogCalls } from "./catalog";
import type { Call } from "./context";
import { domainCalls } from "./domains";
import { marketingCalls } from "./marketing";
import { resellerCalls } from "./resellers";
import { salesCalls } from "./sales";
import { webhookCalls } from "./webhooks";

export type { Call, Context } from "./context";

/**
 * One valid request per operation of /v1/openapi.json, by operationId, for
 * e2e/api/openapi-responses.spec.ts: an operation without one here, or one
 * here whose operation the document lacks, fails that spec's first test. A
 * new route adds its builder to the file of its area. Operations that change
 * something change records the builder made itself (or make a change that
 * is no change): other specs run against the same server.
 */
export const calls: Record<string, Call> = {
  ...accountCalls,
  ...salesCalls,
  ...catalogCalls,
  ...marketingCalls,
  ...resellerCalls,
  ...webhookCalls,
  ...domainCalls,
  ...afterSaleCalls,
  ...blogCalls,
};
