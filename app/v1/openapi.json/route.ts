import { publicRoute } from "@/lib/api/route";
import { appUrl } from "@/lib/env";
import { servedDocument } from "@/lib/openapi/served";

export const GET = publicRoute({}, async () => servedDocument(appUrl()));
