/**
 * The user's `shops` relation narrowed to the shop a route names, so that
 * authentication and the ownership check are one query. No shop named (or a
 * malformed id): an id no shop has, and `shops` comes back empty.
 */
export function ownedShop(shopId: number | null) {
  return { shops: { where: { id: shopId ?? 0 }, take: 1 } } as const;
}
