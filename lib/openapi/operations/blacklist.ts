import type { Operation } from "../operation";
import { messageBody } from "../../api/schemas";
import {
  blacklistEntryView,
  blacklistPage,
  blacklistTestResult,
  createBlacklistEntrySchema,
  listBlacklistQuery,
  testBlacklistSchema,
  updateBlacklistEntrySchema,
} from "../../blacklist/schemas";

const tag = "Blacklist";
const blacklist = "/v1/shops/{shopId}/blacklist";
const entry = `${blacklist}/{entryId}`;

export const blacklistOperations: Operation[] = [
  {
    operationId: "listBlacklist",
    method: "get",
    path: blacklist,
    summary: "List blacklist entries (newest first)",
    tag,
    auth: "seller",
    permission: "settings:read",
    query: listBlacklistQuery,
    response: { description: "Seller paginated envelope of entries.", schema: blacklistPage },
  },
  {
    operationId: "createBlacklistEntry",
    method: "post",
    path: blacklist,
    summary: "Add a blacklist entry",
    description:
      "`exact` values are checked per type (an IP address or CIDR range, an AS number, two letters) and stored canonically; `regex` values must compile in RE2 (linear time; no backreferences or lookarounds), match case-insensitively anywhere in the value, and are at most 500 characters.",
    tag,
    auth: "seller",
    permission: "settings:write",
    body: createBlacklistEntrySchema,
    response: { status: 201, description: "The new entry.", schema: blacklistEntryView },
  },
  {
    operationId: "testBlacklist",
    method: "post",
    path: `${blacklist}/test`,
    summary: "Test a value against the shop's rules (beyond the spec; the dashboard's tester)",
    tag,
    auth: "seller",
    permission: "settings:read",
    body: testBlacklistSchema,
    response: { description: "Whether a checkout with this value would be refused, and by which entries.", schema: blacklistTestResult },
  },
  {
    operationId: "getBlacklistEntry",
    method: "get",
    path: entry,
    summary: "Get a blacklist entry",
    tag,
    auth: "seller",
    permission: "settings:read",
    response: { description: "The entry.", schema: blacklistEntryView },
  },
  {
    operationId: "updateBlacklistEntry",
    method: "put",
    path: `${entry}/update`,
    summary: "Update a blacklist entry (fields not sent keep their value; the result is checked as a new entry)",
    tag,
    auth: "seller",
    permission: "settings:write",
    body: updateBlacklistEntrySchema,
    response: { description: "The updated entry.", schema: blacklistEntryView },
  },
  {
    operationId: "deleteBlacklistEntry",
    method: "delete",
    path: entry,
    summary: "Delete a blacklist entry",
    tag,
    auth: "seller",
    permission: "settings:write",
    response: { description: "`Blacklist entry deleted.`", schema: messageBody },
  },
];
