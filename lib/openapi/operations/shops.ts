import * as z from "../../validation/zod";
import { messageBody } from "../../api/schemas";
import { createShopBody, createShopMultipart, deleteShopBody, MAX_OWNED_SHOPS, shopView, updateShopBody } from "../../shops/schemas";
import { shopStatsQuery, shopStatsView } from "../../stats/schemas";
import type { Operation } from "../operation";

export const shopsOperations: Operation[] = [
  {
    operationId: "listShops",
    method: "get",
    path: "/v1/shops",
    summary: "List the caller's shops",
    tag: "Shops",
    auth: "seller",
    permission: "account",
    response: { description: "The caller's shops.", schema: z.array(shopView) },
  },
  {
    operationId: "getShop",
    method: "get",
    path: "/v1/shops/{shopId}",
    summary: "Get a shop",
    tag: "Shops",
    auth: "seller",
    permission: "shop:read",
    response: { description: "The shop.", schema: shopView },
  },
  {
    operationId: "createShop",
    method: "post",
    path: "/v1/shops/create",
    summary: "Create a shop owned by the caller",
    description: `JSON (\`name\`, \`subdomain\`, optionally \`logo_image_id\`: an image of another of the caller's shops, copied) or multipart/form-data (\`name\`, \`subdomain\`, optionally a \`logo\` file part, stored as an image upload is). The subdomain: lowercase letters, digits and dashes, 3 to 32, not starting or ending with a dash, not reserved, not taken (a deleted shop's stays taken). At most ${MAX_OWNED_SHOPS} live shops per owner (422). A read-only API key, or one limited to some shops, is refused (403).`,
    tag: "Shops",
    auth: "seller",
    permission: "account",
    body: createShopBody,
    multipartBody: createShopMultipart,
    response: { status: 201, description: "The shop, as GET /v1/shops/{shopId} answers it (the caller is its owner).", schema: shopView },
    errors: ["Forbidden", "TooManyAttempts"],
  },
  {
    operationId: "updateShop",
    method: "put",
    path: "/v1/shops/{shopId}/update",
    summary: "Update the shop's name, subdomain, description, images, links and ids",
    description:
      "Fields not sent keep their value; null (or an empty string) clears. The `*_url` links are shown in the storefront's footer (http(s) only). `crisp_website_id`, `tawkto_id` and `gtag_id` are stored for the seller's own use: the storefront never runs seller scripts. `discord_bot_token` is write-only (answered as `discord_bot_token_set`).",
    tag: "Shops",
    auth: "seller",
    permission: "settings:write",
    body: updateShopBody,
    response: { description: "The shop.", schema: shopView },
  },
  {
    operationId: "deleteShop",
    method: "delete",
    path: "/v1/shops/{shopId}",
    summary: "Delete (archive) the shop: owner only, with its exact name and the owner's password",
    description:
      "Refused (422 under `errors.status`) while the shop has pending invoices. Otherwise the shop is archived: every route, listing and its storefront answer 404 from then on; its invoices and customers are kept (never erased by the app) and its subdomain stays taken. A wrong password is 422 on `password` and counts against the sign-in limits (then 429).",
    tag: "Shops",
    auth: "seller",
    permission: "shop:delete",
    body: deleteShopBody,
    response: { description: "The shop is archived.", schema: messageBody },
    errors: ["TooManyAttempts", "HashingBusy"],
  },
  {
    operationId: "getShopStats",
    method: "get",
    path: "/v1/shops/{shopId}/stats",
    summary: "Revenue and orders per day, by status and gateway, and the latest invoices (dashboard home)",
    tag: "Shops",
    auth: "seller",
    permission: "shop:read",
    query: shopStatsQuery,
    response: { description: "The numbers of the last `days` days.", schema: shopStatsView },
  },
];
