import * as z from "../validation/zod";
import { notFound } from "../api/errors";
import { idParams } from "../api/params";

const ID = /^\d{1,9}$/;

/** Path ids of the webhook routes (an invalid id is the API's 404). */
export const webhookParams = idParams("webhookId", "Webhook");

/** `{webhookId}` and `{deliveryId}`. */
export const deliveryParams = z
  .object({ webhookId: z.string(), deliveryId: z.string() })
  .passthrough()
  .transform((params) => {
    if (!ID.test(params.webhookId)) throw notFound("Webhook");
    if (!ID.test(params.deliveryId)) throw notFound("Delivery");
    return { webhookId: Number(params.webhookId), deliveryId: Number(params.deliveryId) };
  });
