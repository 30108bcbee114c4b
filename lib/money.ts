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

/** Decimals of BTC and LTC amounts: 1 satoshi (litoshi) = 0.00000001. */
export const COIN_DECIMALS = 8;

// The division itself rounds up too: at Decimal's default 20 significant digits, rounding half-up there
// could drop a remainder smaller than a satoshi that the rounding to 8 decimals must still see.
const RoundsUp = Prisma.Decimal.clone({ precision: 40, rounding: Prisma.Decimal.ROUND_UP });

/**
 * The one rounding rule for amounts in a coin: `total / rate`, rounded UP to
 * the satoshi, so a buyer who sends exactly this amount never underpays by
 * rounding. `rate` is the invoice currency per coin and must be positive.
 */
export function coinAmount(total: MoneyValue, rate: MoneyValue): Prisma.Decimal {
  const divisor = new RoundsUp(rate.toString());
  if (!divisor.isFinite() || divisor.lte(0)) throw new RangeError(`a coin rate must be positive (got ${divisor.toString()})`);
  const amount = new RoundsUp(total.toString()).div(divisor).toDecimalPlaces(COIN_DECIMALS, Prisma.Decimal.ROUND_UP);
  return new Prisma.Decimal(amount.toFixed(COIN_DECIMALS));
}

/** A coin amount or rate where the API says string: "0.00059613", 8 decimals. */
export function coinString(value: MoneyValue): string {
  return new Prisma.Decimal(value).toFixed(COIN_DECIMALS);
}
