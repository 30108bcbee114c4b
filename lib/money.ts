import { Prisma } from "./db";

export type Money = Prisma.Decimal;
export const Decimal = Prisma.Decimal;
/** Anything a Decimal can be made from (a Decimal, "9.99", 9.99). */
export type MoneyValue = Prisma.Decimal | string | number;

/** The one rounding rule for money: half-up to cents. */
export function roundMoney(value: MoneyValue): Prisma.Decimal {
  return new Prisma.Decimal(value).toDecimalPlaces(2, Prisma.Decimal.ROUND_HALF_UP);
}

/** Money where the spec says string: "9.99". */
export function moneyString(value: MoneyValue): string {
  return roundMoney(value).toFixed(2);
}

export function moneyStringOrNull(value: MoneyValue | null | undefined): string | null {
  return value == null ? null : moneyString(value);
}

/** Money where the spec says number (JSON number with at most 2 decimals). */
export function moneyNumber(value: MoneyValue): number {
  return roundMoney(value).toNumber();
}

/** `price x (1 - percent/100)`, rounded to cents. */
export function applyPercentDiscount(price: MoneyValue, percent: MoneyValue): Prisma.Decimal {
  return roundMoney(new Prisma.Decimal(price).mul(new Prisma.Decimal(100).minus(percent)).div(100));
}
