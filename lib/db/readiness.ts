import { ApiError } from "../api/errors";
import type { Db } from "./connection";
import { pendingMigrations } from "./migrations";

/**
 * GET /v1/health/ready: whether this server should be sent traffic. The
 * database answers and has every migration this build ships; else 503 with
 * what is missing, so a load balancer holds traffic back during a deploy
 * whose migrations have not run yet (GET /v1/health stays the cheap liveness
 * check).
 */
export async function readiness(db: Db): Promise<{ status: "ready" }> {
  let pending: string[];
  try {
    pending = await pendingMigrations(db);
  } catch {
    throw new ApiError({ status: 503, message: "The database does not answer.", headers: { "Retry-After": "5" } });
  }
  if (pending.length) {
    throw new ApiError({
      status: 503,
      message: `${pending.length} migration(s) of this build are not applied.`,
      body: { message: `${pending.length} migration(s) of this build are not applied.`, pending },
      headers: { "Retry-After": "5" },
    });
  }
  return { status: "ready" };
}
