import { sellerPageOf, timestamp } from "../api/schemas";
import { blankAsAbsent } from "../validation/blank";
import { date, endDate } from "../validation/fields";
import { recordId } from "../validation/ids";
import { pageFields, withPageDefaults } from "../validation/paging";
import * as z from "../validation/zod";
import { AUDIT_ACTIONS, AUDIT_TARGET_TYPES } from "./actions";

/**
 * GET /v1/shops/{shopId}/audit-log (query or GET body): newest first.
 * `user_id` / `api_key_id`: the actor; `action`; `target_type` with
 * optionally `target_id`; `date_from`/`date_to` (created_at, inclusive; a
 * bare date covers its day, UTC).
 */
export const listAuditLogQuery = z
  .object({
    ...pageFields,
    user_id: blankAsAbsent(recordId()),
    api_key_id: blankAsAbsent(recordId()),
    action: blankAsAbsent(z.enum(AUDIT_ACTIONS)),
    target_type: blankAsAbsent(z.enum(AUDIT_TARGET_TYPES)),
    target_id: blankAsAbsent(recordId()),
    date_from: blankAsAbsent(date()),
    date_to: blankAsAbsent(endDate()),
  })
  .superRefine((query, ctx) => {
    if (query.target_id !== undefined && query.target_type === undefined) {
      ctx.addIssue({ code: "custom", path: ["target_type"], message: "The target type field is required when target id is present." });
    }
    if (query.date_from && query.date_to && query.date_to < query.date_from) {
      ctx.addIssue({ code: "custom", path: ["date_to"], message: "The date to field must be a date after or equal to date from." });
    }
  })
  .transform(withPageDefaults);
export type ListAuditLogQuery = z.output<typeof listAuditLogQuery>;

const changeValue = z.union([z.string(), z.number(), z.boolean(), z.null(), z.array(z.string()), z.array(z.number())]);

/** One entry of the log. */
export const auditEntryView = z
  .object({
    id: z.int(),
    shop_id: z.int(),
    action: z.enum(AUDIT_ACTIONS),
    actor: z
      .object({
        user_id: z.int().nullable(),
        api_key_id: z.int().nullable().describe("The API key the change was made with; null for a dashboard session."),
        label: z.string().describe('Who it was when it happened: `seller@example.com`, `seller@example.com (API key "CI")`.'),
      })
      .describe("Who made the change."),
    target: z.object({ type: z.enum(AUDIT_TARGET_TYPES), id: z.int().nullable() }).describe("What was changed."),
    changes: z
      .record(z.string(), z.object({ old: changeValue.optional(), new: changeValue.optional() }))
      .describe(
        "The changed fields as `{field: {old, new}}` (`old` absent for what was created, `new` for what was removed). Secrets and delivered goods are masked: `••••1234` (their last four characters) or `••••`.",
      ),
    ip: z.string().nullable().describe("The client's address, through the trusted proxies."),
    user_agent: z.string().nullable(),
    created_at: timestamp,
  })
  .meta({ id: "AuditEntry" });
export type AuditEntryView = z.output<typeof auditEntryView>;

export const auditEntryPage = sellerPageOf(auditEntryView);
export type AuditEntryPage = z.output<typeof auditEntryPage>;
