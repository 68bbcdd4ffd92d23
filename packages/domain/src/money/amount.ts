import { err, ok, type Result } from '../result.ts';

/** Why a cents operation was refused: an input that is not cents, a sum past the safe range, or a negative result. */
export type CentsRefusal = 'not_cents' | 'amount_overflow' | 'amount_negative';

/** Whether `n` is an amount of cents: a non-negative safe integer. */
export function isCents(n: unknown): n is number {
  return Number.isSafeInteger(n) && (n as number) >= 0;
}

/** Adds amounts of cents, refusing inputs that are not cents and sums past `Number.MAX_SAFE_INTEGER`. */
export function addCents(...amounts: readonly number[]): Result<number, CentsRefusal> {
  let sum = 0;
  for (const [index, amount] of amounts.entries()) {
    if (!isCents(amount)) return notCents(`amounts[${index}]`);
    sum += amount;
    // Below 2^53 float addition of integers is exact, so the first unsafe sum is caught here.
    if (!Number.isSafeInteger(sum)) return overflow();
  }
  return ok(sum);
}

/** Subtracts `b` from `a`, refusing inputs that are not cents and a negative result. */
export function subtractCents(a: number, b: number): Result<number, CentsRefusal> {
  if (!isCents(a)) return notCents('a');
  if (!isCents(b)) return notCents('b');
  if (b > a) return err('amount_negative', `Subtracting ${b} from ${a} cents would go below zero`);
  return ok(a - b);
}

/**
 * Multiplies a unit price by a quantity (a non-negative safe integer), refusing a product past
 * `Number.MAX_SAFE_INTEGER`.
 */
export function multiplyCents(price: number, quantity: number): Result<number, CentsRefusal> {
  if (!isCents(price)) return notCents('price');
  if (!isCents(quantity))
    return err('not_cents', 'A quantity must be a non-negative safe integer', 'quantity');
  const product = price * quantity;
  // An exact product up to 2^53 - 1 is computed exactly; a larger one rounds to at least 2^53.
  if (!Number.isSafeInteger(product)) return overflow();
  return ok(product);
}

const CURRENCY_CODE = /^[A-Za-z]{3}$/;

/**
 * Formats cents for display in US English, with the currency's own number of minor digits:
 * `formatCents(1234, 'USD')` is `"$12.34"`, `formatCents(1234, 'JPY')` is `"¥1,234"`. Negative amounts
 * (a refund shown as a debit) get a sign. A malformed currency code or an amount that is not a safe
 * integer is shown plainly (`"1234 US"`) rather than refused: this is display, not validation.
 */
export function formatCents(cents: number, currency = 'USD'): string {
  if (!Number.isSafeInteger(cents) || !CURRENCY_CODE.test(currency)) return `${cents} ${currency}`;
  const format = new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() });
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  const magnitude = String(Math.abs(cents)).padStart(digits + 1, '0');
  const major = magnitude.slice(0, magnitude.length - digits);
  const minor = magnitude.slice(magnitude.length - digits);
  // A decimal string keeps large amounts exact, where dividing by 100 would round.
  const decimal = `${cents < 0 ? '-' : ''}${major}${digits > 0 ? `.${minor}` : ''}`;
  return format.format(decimal as Intl.StringNumericLiteral);
}

function notCents(param: string) {
  return err('not_cents', 'An amount must be a non-negative safe integer of cents', param);
}

function overflow() {
  return err('amount_overflow', 'The amount would exceed Number.MAX_SAFE_INTEGER cents');
}
