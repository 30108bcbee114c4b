import { notFound } from "@/lib/api/errors";
import { publicRoute } from "@/lib/api/route";

/**
 * Any /v1 path that no route serves, whatever the method: the JSON 404 of
 * the conventions instead of Next's HTML page. Every route is more specific
 * than this catch-all, so it only answers what nothing else does.
 */
const unknownRoute = publicRoute({}, async () => {
  throw notFound("Route");
});

export const GET = unknownRoute;
export const HEAD = unknownRoute;
export const POST = unknownRoute;
export const PUT = unknownRoute;
export const PATCH = unknownRoute;
export const DELETE = unknownRoute;
export const OPTIONS = unknownRoute;
