import * as z from "../../validation/zod";
import type { Success } from "../operation";

/** The success answer of a CSV export (`invoices` or `customers`). */
export function csvExportResponse(what: string, columns: string[]): Success {
  return {
    description: `A streamed CSV attachment \`${what}-shop-<shopId>-<yyyymmdd>.csv\`: a header row (${columns.map((c) => `\`${c}\``).join(", ")}), then one row per record. Cells that start with = + - @, a tab or CR are prefixed with \`'\` (formula injection).`,
    contentType: "text/csv",
    schema: z.string().meta({ contentMediaType: "text/csv" }),
    headers: {
      "Content-Disposition": {
        description: `attachment; filename="${what}-shop-<shopId>-<yyyymmdd>.csv"`,
        required: true,
        schema: { type: "string" },
      },
    },
  };
}
