import { publicRoute } from "@/lib/api/route";
import { appUrl } from "@/lib/env";
import { buildDocument } from "@/lib/openapi/document";
import { operations } from "@/lib/openapi/operations";

export const GET = publicRoute({}, async () => buildDocument(operations, appUrl()));
