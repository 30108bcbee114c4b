import { publicRoute } from "@/lib/api/route";

/** Liveness and database reachability, for load balancers and the test runner. */
export const GET = publicRoute({}, async ({ db }) => {
  await db.$queryRaw`SELECT 1`;
  return { status: "ok" };
});
