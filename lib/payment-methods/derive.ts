import { Prisma, query, type Db } from "../db";
import type { AuditContext } from "../audit/context";
import { saveGatewaySettings, type GatewaySettingsInput, type SettingsRow } from "../shops/gateway-settings";

/** Every change of a shop's payment methods or gateway settings runs under this lock: one writer at a time derives the list. */
export async function lockShop(tx: Db, shopId: number): Promise<void> {
  await query(tx, Prisma.sql`SELECT id FROM shops WHERE id = ${shopId} FOR UPDATE`);
}

export const METHOD_ORDER = [{ position: "asc" as const }, { id: "asc" as const }];

/**
 * The one writer of `shops.valid_payment_methods`: the enabled payment
 * methods' gateways in position order, saved with the gateways' settings
 * (whose check refuses an enabled gateway lacking its settings, 422 on
 * `errorField`). Called in the transaction of every change, under lockShop.
 */
export async function deriveValidPaymentMethods(
  tx: Db,
  shopId: number,
  settings: Omit<GatewaySettingsInput, "valid_payment_methods">,
  audit: AuditContext,
  errorField: string,
): Promise<SettingsRow> {
  const enabled = await tx.paymentMethod.findMany({
    where: { shop_id: shopId, enabled: true },
    orderBy: METHOD_ORDER,
    select: { gateway: true },
  });
  return saveGatewaySettings(
    tx,
    shopId,
    { ...settings, valid_payment_methods: enabled.map((method) => method.gateway) },
    audit,
    errorField,
  );
}

/**
 * Makes the records say what a settings list says (PUT /settings): the
 * listed gateways enabled in that order (their record made when missing),
 * the others disabled and kept after them in their order.
 */
export async function alignMethodsWithList(tx: Db, shopId: number, codes: string[]): Promise<void> {
  const records = await tx.paymentMethod.findMany({ where: { shop_id: shopId }, orderBy: METHOD_ORDER });
  const byGateway = new Map(records.map((record) => [record.gateway, record]));
  const wanted = [
    ...codes.map((gateway) => ({ gateway, enabled: true })),
    ...records.filter((record) => !codes.includes(record.gateway)).map((record) => ({ gateway: record.gateway, enabled: false })),
  ];
  for (const [position, { gateway, enabled }] of wanted.entries()) {
    const record = byGateway.get(gateway);
    if (!record) await tx.paymentMethod.create({ data: { shop_id: shopId, gateway, enabled, position } });
    else if (record.enabled !== enabled || record.position !== position)
      await tx.paymentMethod.update({ where: { id: record.id }, data: { enabled, position } });
  }
}
