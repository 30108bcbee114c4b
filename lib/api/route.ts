import { unstable_rethrow } from "next/navigation";
import type { z } from "zod";
import { db, type PrismaClient } from "../db";
import { authenticateReseller, authenticateSeller } from "../auth/authenticate";
import { refuseCrossSite } from "../auth/sessions";
import { shopNotFound } from "./errors";
import { jsonBody, queryValues, refuseNulCharacters } from "./input";
import { numericId } from "../validation/ids";
import { refuseNulParams } from "./params";
import { json, toResponse } from "./respond";
import "../validation/messages";

type Schema = z.ZodType | undefined;
type Out<S extends Schema> = S extends z.ZodType ? z.output<S> : undefined;

type RouteContext = { params: Promise<Record<string, string | string[] | undefined>> };

export type Handler<P extends Schema, Q extends Schema, B extends Schema, Caller> = (input: {
  request: Request;
  db: PrismaClient;
  params: Out<P>;
  query: Out<Q>;
  body: Out<B>;
  caller: Caller;
}) => Promise<unknown>;

type Config<P extends Schema, Q extends Schema, B extends Schema> = {
  params?: P;
  query?: Q;
  body?: B;
  /** This GET changes state: a session cookie authenticates it only on a same-origin request, an API key always. */
  stateChangingGet?: boolean;
  /** Sign-in, sign-out, applications: a browser request from another site is refused (403, login CSRF). */
  refuseCrossSite?: boolean;
};

type Authenticate<Caller> = (request: Request, params: Record<string, unknown>, stateChangingGet: boolean) => Promise<Caller>;

/**
 * The one wrapper around every route: authenticate, resolve the shop,
 * parse params, query and JSON body with zod, call the handler, and map
 * whatever it throws to the documented error bodies. A handler returns a
 * Response, or data sent as JSON with status 200. Text with U+0000 never
 * gets past it (404 in a path, 422 on the field in a query or body).
 */
function makeRoute<Caller>(authenticate: Authenticate<Caller>) {
  return function route<P extends Schema = undefined, Q extends Schema = undefined, B extends Schema = undefined>(
    config: Config<P, Q, B>,
    handler: Handler<P, Q, B, Caller>,
  ) {
    return async (request: Request, context: RouteContext): Promise<Response> => {
      let input: Record<string, unknown> = {};
      try {
        if (config.refuseCrossSite) refuseCrossSite(request);
        const rawParams = (await context.params) ?? {};
        const caller = await authenticate(request, rawParams, config.stateChangingGet ?? false);
        const params = config.params ? config.params.parse(rawParams) : undefined;
        refuseNulParams(params);
        const rawQuery = config.query ? queryValues(new URL(request.url)) : {};
        const rawBody = config.body ? ((await jsonBody(request)) ?? {}) : {};
        input = { ...rawQuery, ...rawBody };
        refuseNulCharacters(input);
        const query = config.query ? config.query.parse(rawQuery) : undefined;
        const body = config.body ? config.body.parse(rawBody) : undefined;
        const result = await handler({
          request,
          db: db(),
          params: params as Out<P>,
          query: query as Out<Q>,
          body: body as Out<B>,
          caller,
        });
        return result instanceof Response ? result : json(result);
      } catch (error) {
        // Next's own signals (a build-time prerender bailing out on request data) are not errors of the route
        unstable_rethrow(error);
        return toResponse(error, input);
      }
    };
  };
}

/** The seller and, on routes under /shops/{shopId}, their shop: one query, 401 before 404. */
async function sellerCaller(request: Request, params: Record<string, unknown>, stateChangingGet: boolean) {
  const shopParam = params.shopId;
  const shopId = typeof shopParam === "string" ? numericId(shopParam) : null;
  const { shops, ...user } = await authenticateSeller(db(), request, shopId, stateChangingGet);
  if (shopParam === undefined) return { user, shop: null as never };
  const shop = shops[0];
  if (!shop) throw shopNotFound();
  return { user, shop };
}

export type SellerCaller = Awaited<ReturnType<typeof sellerCaller>>;

/** Seller routes: API key or dashboard session; `{shopId}` must be the caller's shop. */
export const sellerRoute = makeRoute(sellerCaller);

/** Reseller routes under /v1/reseller: reseller API key or portal session. */
export const resellerRoute = makeRoute((request, _params, stateChangingGet) => authenticateReseller(db(), request, stateChangingGet));

/** Routes without credentials (sign-in, the signed receiver, the OpenAPI document). */
export const publicRoute = makeRoute(async () => null);

export const created = (body: unknown) => json(body, 201);
