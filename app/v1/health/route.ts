import { publicRoute } from "@/lib/api/route";
import { Prisma, query } from "@/lib/db";

/** Liveness and database reachability, for load balancers and the test runner. */
export const GET = publicRoute({}, async ({ db }) => {
  await query(db, Prisma.sql`SELECT 1`);
  return { status: "ok" };
});
