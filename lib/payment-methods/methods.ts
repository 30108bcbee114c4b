import type { Db, PrismaClient } from "../db";
import { invalid, notFound } from "../api/errors";
import type { AuditContext } from "../audit/context";
import { changedFields, recordAudit } from "../audit/record";
import { moneyStringOrNull } from "../money";
import { SETTINGS_SELECT, settingsView, type SettingsRow } from "../shops/gateway-settings";
import { deriveValidPaymentMethods, lockShop, METHOD_ORDER } from "./derive";
import type { CreatePaymentMethodInput, OrderPaymentMethodsInput, PaymentMethodView, UpdatePaymentMethodInput } from "./schemas";

/**
 * /v1/shops/{shopId}/payment-methods: the shop's gateways as records. Every
 * write locks the shop's row, changes the records, then derives
 * `valid_payment_methods` and saves the gateway's settings in the same
 * transaction (derive.ts): an enabled gateway lacking its settings is 422
 * on `enabled`, and the shop's storefront pages expire.
 */

const RECORD_SELECT = {
  id: true,
  gateway: true,
  display_name: true,
  enabled: true,
  position: true,
  min_amount: true,
  max_amount: true,
  fee_percent: true,
  created_at: true,
  updated_at: true,
} as const;

type MethodRecord = Awaited<ReturnType<typeof findMethod>>;

const MISSING_SETTINGS_FIELD = "enabled";

function methodView(record: MethodRecord, row: SettingsRow, shopId: number, linkBase: string): PaymentMethodView {
  const shop = settingsView(shopId, row, linkBase);
  const settings: PaymentMethodView["settings"] =
    record.gateway === "BTC"
      ? { bitcoin_address: shop.bitcoin_address }
      : record.gateway === "LTC"
        ? { litecoin_address: shop.litecoin_address }
        : record.gateway === "CARDPROC"
          ? {
              cardproc_api_key_set: shop.cardproc_api_key_set,
              cardproc_webhook_secret_set: shop.cardproc_webhook_secret_set,
              cardproc_webhook_url: shop.cardproc_webhook_url,
            }
          : {};
  return {
    id: record.id,
    gateway: record.gateway,
    display_name: record.display_name,
    enabled: record.enabled,
    position: record.position,
    min_amount: moneyStringOrNull(record.min_amount),
    max_amount: moneyStringOrNull(record.max_amount),
    fee_percent: moneyStringOrNull(record.fee_percent),
    settings,
    created_at: record.created_at.toISOString(),
    updated_at: record.updated_at.toISOString(),
  };
}

/** The audit log's view of a record: what a change compares. */
function audited(record: MethodRecord) {
  return {
    display_name: record.display_name,
    enabled: record.enabled,
    position: record.position,
    min_amount: moneyStringOrNull(record.min_amount),
    max_amount: moneyStringOrNull(record.max_amount),
    fee_percent: moneyStringOrNull(record.fee_percent),
  };
}
const AUDITED_FIELDS = ["display_name", "enabled", "position", "min_amount", "max_amount", "fee_percent"] as const;

async function findMethod(tx: Db, shopId: number, id: number) {
  const record = await tx.paymentMethod.findFirst({ where: { id, shop_id: shopId }, select: RECORD_SELECT });
  if (!record) throw notFound("Payment method");
  return record;
}

export async function listPaymentMethods(client: PrismaClient, shopId: number, linkBase: string): Promise<{ data: PaymentMethodView[] }> {
  const [records, row] = await client.$transaction([
    client.paymentMethod.findMany({ where: { shop_id: shopId }, orderBy: METHOD_ORDER, select: RECORD_SELECT }),
    client.shop.findUniqueOrThrow({ where: { id: shopId }, select: SETTINGS_SELECT }),
  ]);
  return { data: records.map((record) => methodView(record, row, shopId, linkBase)) };
}

export async function getPaymentMethod(client: PrismaClient, shopId: number, id: number, linkBase: string): Promise<PaymentMethodView> {
  const record = await findMethod(client, shopId, id);
  const row = await client.shop.findUniqueOrThrow({ where: { id: shopId }, select: SETTINGS_SELECT });
  return methodView(record, row, shopId, linkBase);
}

/** The record's own fields of a body: absent ones unchanged. */
function recordData(input: UpdatePaymentMethodInput) {
  return {
    display_name: input.display_name,
    enabled: input.enabled,
    min_amount: input.min_amount,
    max_amount: input.max_amount,
    fee_percent: input.fee_percent,
  };
}

/** A min above the max after a partial update (one bound sent, the other stored) is refused like one in the body. */
function checkBounds(record: MethodRecord) {
  if (record.min_amount !== null && record.max_amount !== null && record.min_amount.greaterThan(record.max_amount))
    throw invalid("max_amount", "The max amount must be at least the min amount.");
}

/** POST: a gateway the shop has no record of yet, placed last; enabled unless `enabled: false`. */
export async function createPaymentMethod(
  client: PrismaClient,
  shopId: number,
  input: CreatePaymentMethodInput,
  linkBase: string,
  audit: AuditContext,
): Promise<PaymentMethodView> {
  return client.$transaction(async (tx) => {
    await lockShop(tx, shopId);
    const taken = await tx.paymentMethod.findUnique({ where: { shop_id_gateway: { shop_id: shopId, gateway: input.gateway } } });
    if (taken) throw invalid("gateway", `The shop already has a ${input.gateway} payment method (id ${taken.id}).`);
    const last = await tx.paymentMethod.aggregate({ where: { shop_id: shopId }, _max: { position: true } });
    const record = await tx.paymentMethod.create({
      data: {
        shop_id: shopId,
        gateway: input.gateway,
        ...recordData(input),
        enabled: input.enabled ?? true,
        position: (last._max.position ?? -1) + 1,
      },
      select: RECORD_SELECT,
    });
    await recordAudit(tx, audit, {
      action: "payment_method.created",
      target: { type: "payment_method", id: record.id },
      changes: {
        gateway: { new: record.gateway },
        ...changedFields({} as ReturnType<typeof audited>, audited(record), [...AUDITED_FIELDS]),
      },
    });
    const row = await deriveValidPaymentMethods(tx, shopId, input.settings ?? {}, audit, MISSING_SETTINGS_FIELD);
    return methodView(record, row, shopId, linkBase);
  });
}

async function changeMethod(
  client: PrismaClient,
  shopId: number,
  id: number,
  change: (record: MethodRecord) => UpdatePaymentMethodInput,
  linkBase: string,
  audit: AuditContext,
): Promise<PaymentMethodView> {
  return client.$transaction(async (tx) => {
    await lockShop(tx, shopId);
    const before = await findMethod(tx, shopId, id);
    const input = change(before);
    const record = await tx.paymentMethod.update({ where: { id }, data: recordData(input), select: RECORD_SELECT });
    checkBounds(record);
    const changes = changedFields(audited(before), audited(record), [...AUDITED_FIELDS]);
    if (Object.keys(changes).length)
      await recordAudit(tx, audit, { action: "payment_method.updated", target: { type: "payment_method", id }, changes });
    const row = await deriveValidPaymentMethods(tx, shopId, input.settings ?? {}, audit, MISSING_SETTINGS_FIELD);
    return methodView(record, row, shopId, linkBase);
  });
}

export const updatePaymentMethod = (
  client: PrismaClient,
  shopId: number,
  id: number,
  input: UpdatePaymentMethodInput,
  linkBase: string,
  audit: AuditContext,
) => changeMethod(client, shopId, id, () => input, linkBase, audit);

/** POST .../toggle: enabled becomes disabled and the other way round (enabling still needs the gateway's settings). */
export const togglePaymentMethod = (client: PrismaClient, shopId: number, id: number, linkBase: string, audit: AuditContext) =>
  changeMethod(client, shopId, id, (record) => ({ enabled: !record.enabled }), linkBase, audit);

/** DELETE: the gateway leaves the shop's list; its settings stay on the shop (a new record of it finds them). */
export async function deletePaymentMethod(client: PrismaClient, shopId: number, id: number, audit: AuditContext) {
  await client.$transaction(async (tx) => {
    await lockShop(tx, shopId);
    const record = await findMethod(tx, shopId, id);
    await tx.paymentMethod.delete({ where: { id } });
    await recordAudit(tx, audit, {
      action: "payment_method.deleted",
      target: { type: "payment_method", id },
      changes: { gateway: { old: record.gateway } },
    });
    await deriveValidPaymentMethods(tx, shopId, {}, audit, MISSING_SETTINGS_FIELD);
  });
  return { message: "Payment method deleted." };
}

/** PUT .../order: `paymentMethods` lists every record of the shop once; positions follow it, and so does the derived list. */
export async function orderPaymentMethods(
  client: PrismaClient,
  shopId: number,
  input: OrderPaymentMethodsInput,
  linkBase: string,
  audit: AuditContext,
): Promise<{ data: PaymentMethodView[] }> {
  await client.$transaction(async (tx) => {
    await lockShop(tx, shopId);
    const records = await tx.paymentMethod.findMany({ where: { shop_id: shopId }, select: { id: true, position: true } });
    const ids = new Set(records.map((record) => record.id));
    const listed = new Set(input.paymentMethods);
    if (listed.size !== input.paymentMethods.length || listed.size !== ids.size || ![...listed].every((id) => ids.has(id)))
      throw invalid("paymentMethods", "The list must name each of the shop's payment methods exactly once.");
    const positions = new Map(records.map((record) => [record.id, record.position]));
    for (const [position, id] of input.paymentMethods.entries())
      if (positions.get(id) !== position) await tx.paymentMethod.update({ where: { id }, data: { position } });
    await deriveValidPaymentMethods(tx, shopId, {}, audit, MISSING_SETTINGS_FIELD);
  });
  return listPaymentMethods(client, shopId, linkBase);
}
