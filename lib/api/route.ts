import { unstable_rethrow } from "next/navigation";
import type { z } from "zod";
import { db, type PrismaClient } from "../db";
import { authenticateReseller, authenticateSeller } from "../auth/authenticate";
import { refuseCrossSite } from "../auth/sessions";
import { requireRecentSignIn } from "../auth/reauth";
import { queueSensitiveChangeNotice } from "../auth/sensitive-notice";
import { clientIp } from "./rate-limit";
import { forbidden, shopNotFound } from "./errors";
import { keyAllows, roleAllows, type KeyScope, type Permission } from "../members/permissions";
import { jsonBody, queryValues, refuseUnstorableText } from "./input";
import { numericId } from "../validation/ids";
import { auditActor } from "./audit-context";
import { refuseNulParams } from "./params";
import { log } from "../observability/log";
import { annotateRequest } from "../observability/request-context";
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

/**
 * What a seller route declares beyond its input: the permission it needs in
 * the shop it names (lib/members/permissions.ts), once, here; the OpenAPI
 * document shows the same (tests/unit/route-permissions.test.ts holds the
 * two together).
 */
type SellerConfig = {
  /** `account`: a route of the signed-in user, naming no shop (their shops, their keys, who they are). */
  permission: Permission | "account";
  /** A dashboard session only: an API key is refused (403), so a leaked key cannot mint or revoke keys. */
  sessionOnly?: boolean;
  /** A further permission some bodies need (payout addresses in the payment settings), checked once the body is parsed. */
  bodyPermission?: (body: Record<string, unknown>) => Permission | null;
  /**
   * A sensitive change (docs/accounts.md): a dashboard session must have
   * entered its password within the window (else 403
   * `reauthentication_required`, lib/auth/reauth.ts); an API key is not
   * asked. A function decides by the body (payout addresses and processor
   * credentials among the payment settings).
   */
  reauth?: boolean | ((body: Record<string, unknown>) => boolean);
  /**
   * Once the change is made, the shop's owner (on an account route, the
   * account) is e-mailed this line of what changed; null: nothing to tell.
   */
  notify?: (change: { body: Record<string, unknown>; params: Record<string, unknown>; result: unknown }) => string | null;
};

type Authenticate<Caller, Extra> = (
  request: Request,
  params: Record<string, unknown>,
  config: { stateChangingGet?: boolean } & Extra,
) => Promise<Caller>;

type Authorize<Caller, Extra> = (caller: Caller, config: Extra, body: unknown) => void;

/** What ran: for what a wrapper does once the handler has succeeded. */
type Done<Caller, Extra> = (
  done: { request: Request; caller: Caller; params: Record<string, unknown>; body: unknown; result: unknown },
  config: Extra,
) => Promise<void>;

/**
 * The one wrapper around every route: authenticate, resolve the shop,
 * parse params, query and JSON body with zod, call the handler, and map
 * whatever it throws to the documented error bodies. A handler returns a
 * Response, or data sent as JSON with status 200. Text with U+0000 never
 * gets past it (404 in a path, 422 on the field in a query or body).
 */
function makeRoute<Caller, Extra extends object = object>(
  authenticate: Authenticate<Caller, Extra>,
  authorize?: Authorize<Caller, Extra>,
  afterwards?: Done<Caller, Extra>,
) {
  return function route<P extends Schema = undefined, Q extends Schema = undefined, B extends Schema = undefined>(
    config: Config<P, Q, B> & Extra,
    handler: Handler<P, Q, B, Caller>,
  ) {
    const answer = async (request: Request, context: RouteContext): Promise<Response> => {
      let input: Record<string, unknown> = {};
      try {
        if (config.refuseCrossSite) refuseCrossSite(request);
        const rawParams = (await context.params) ?? {};
        const caller = await authenticate(request, rawParams, config);
        const params = config.params ? config.params.parse(rawParams) : undefined;
        refuseNulParams(params);
        const rawQuery = config.query ? queryValues(new URL(request.url)) : {};
        const rawBody = config.body ? ((await jsonBody(request)) ?? {}) : {};
        input = { ...rawQuery, ...rawBody };
        refuseUnstorableText(input);
        const query = config.query ? config.query.parse(rawQuery) : undefined;
        const body = config.body ? config.body.parse(rawBody) : undefined;
        authorize?.(caller, config, body);
        const result = await handler({
          request,
          db: db(),
          params: params as Out<P>,
          query: query as Out<Q>,
          body: body as Out<B>,
          caller,
        });
        if (afterwards) await afterwards({ request, caller, params: (params ?? {}) as Record<string, unknown>, body, result }, config);
        return result instanceof Response ? result : json(result);
      } catch (error) {
        // Next's own signals (a build-time prerender bailing out on request data) are not errors of the route
        unstable_rethrow(error);
        return toResponse(error, input);
      }
    };
    // what the route declared, for the test that compares it with the OpenAPI document
    return Object.assign(answer, { declared: config as Extra });
  };
}

/**
 * The seller and, on routes under /shops/{shopId}, their shop and role: one
 * query; 401, then 404 (not a member, or a key that does not reach the
 * shop), then 403 naming the permission the role or the key's scope lacks.
 */
async function sellerCaller(request: Request, params: Record<string, unknown>, config: { stateChangingGet?: boolean } & SellerConfig) {
  const shopParam = params.shopId;
  const shopId = typeof shopParam === "string" ? numericId(shopParam) : null;
  const { shops, ...user } = await authenticateSeller(db(), request, shopId, config.stateChangingGet ?? false);
  annotateRequest({ userId: user.id, apiKeyId: user.apiKey?.id });
  if (config.sessionOnly && user.credential !== "session") {
    throw forbidden(
      null,
      "This needs a signed-in dashboard session: an API key cannot create, list or revoke keys, or manage the account.",
    );
  }
  // who the audit log names for the changes this request makes (lib/audit)
  const actor = auditActor(request, user);
  if (shopParam === undefined) return { user, shop: null as never, actor, audit: null as never };
  if (config.permission === "account") throw new Error("A route under /shops/{shopId} must declare a shop permission.");
  const shop = shops[0];
  if (!shop) throw shopNotFound();
  annotateRequest({ shopId: shop.id });
  requirePermission(user.scope, shop.role, config.permission);
  return { user, shop, actor, audit: { ...actor, shopId: shop.id } };
}

function requirePermission(scope: KeyScope, role: string, permission: Permission) {
  if (!keyAllows(scope, permission))
    throw forbidden(permission, `This API key is read-only; this action needs the ${permission} permission.`);
  if (!roleAllows(role, permission))
    throw forbidden(permission, `Your role in this shop does not have the ${permission} permission this action needs.`);
}

function sellerAuthorize(caller: SellerCaller, config: SellerConfig, body: unknown) {
  const further = config.bodyPermission?.(body as Record<string, unknown>);
  if (further) requirePermission(caller.user.scope, caller.shop.role, further);
  const sensitive = typeof config.reauth === "function" ? config.reauth((body ?? {}) as Record<string, unknown>) : config.reauth;
  if (sensitive) requireRecentSignIn(caller.user);
}

/**
 * The owner's e-mail of a sensitive change, queued after the handler has
 * committed it. A failure to queue is logged, never the answer's: the
 * change is made.
 */
async function sellerDone(
  { request, caller, params, body, result }: Parameters<Done<SellerCaller, SellerConfig>>[0],
  config: SellerConfig,
) {
  if (!config.notify) return;
  try {
    const what = config.notify({ body: (body ?? {}) as Record<string, unknown>, params, result });
    if (what) await queueSensitiveChangeNotice(db(), { what, shopId: caller.shop?.id ?? null, actor: caller.user, ip: clientIp(request) });
  } catch (error) {
    log.error({ err: error }, "the sensitive-change notice could not be queued");
  }
}

export type SellerCaller = Awaited<ReturnType<typeof sellerCaller>>;

/** Seller routes: API key or dashboard session; `{shopId}` must be a shop the caller is a member of, and their role must hold the route's permission. */
export const sellerRoute = makeRoute<SellerCaller, SellerConfig>(sellerCaller, sellerAuthorize, sellerDone);

/** Reseller routes under /v1/reseller: reseller API key or portal session. */
export const resellerRoute = makeRoute((request, _params, config) => authenticateReseller(db(), request, config.stateChangingGet ?? false));

/** Routes without credentials (sign-in, the signed receiver, the OpenAPI document). */
export const publicRoute = makeRoute(async () => null);

export const created = (body: unknown) => json(body, 201);
