import { publicRoute } from "@/lib/api/route";
import { readiness } from "@/lib/db/readiness";

/** Readiness: the database answers and has this build's migrations (503 otherwise). */
export const GET = publicRoute({}, ({ db }) => readiness(db));
