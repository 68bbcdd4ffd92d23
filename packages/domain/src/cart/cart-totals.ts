import { isCents } from '../money/amount.ts';
import { err, ok, type Result } from '../result.ts';
import { type CartItemEligibility, isEligibleItem } from './cart-type.ts';

/** A priced line item as the totals see it: unit price in cents, a positive quantity, and its eligibility. */
export type CartLine = CartItemEligibility & {
  /** Unit price in cents; may be 0. */
  readonly price: number;
  /** How many units; a positive safe integer. */
  readonly quantity: number;
};

/** What the totals are computed from: the line items and the optional shipping, tax and discount (cents, default 0). */
export type CartTotalsInput = {
  /** The cart's line items; at least one. */
  readonly line_items: readonly CartLine[];
  /** Shipping in cents. */
  readonly shipping?: number | undefined;
  /** Tax in cents. */
  readonly tax?: number | undefined;
  /** Discount in cents; at most subtotal + shipping + tax. */
  readonly discount?: number | undefined;
};

/** A checkout session's `amounts`, all integer cents. */
export type CartTotals = {
  /** Σ price × quantity over every line. */
  readonly subtotal: number;
  /** The subtotal of the eligible lines. */
  readonly hsa_amount: number;
  /** `subtotal − hsa_amount`. */
  readonly regular_amount: number;
  /** Shipping, as given. */
  readonly shipping: number;
  /** Tax, as given. */
  readonly tax: number;
  /** Discount, as given. */
  readonly discount: number;
  /** `subtotal + shipping + tax − discount`. */
  readonly total: number;
};

/**
 * Computes a cart's amounts. Refusals use the checkout's codes, with `param` naming the field:
 * an empty cart is `bad_request` (`line_items`); a negative or fractional amount, a quantity below 1,
 * a discount above subtotal + shipping + tax, and any sum past `Number.MAX_SAFE_INTEGER` are
 * `validation_error`.
 */
export function cartTotals(input: CartTotalsInput): Result<CartTotals, 'bad_request' | 'validation_error'> {
  const { line_items: lines, shipping = 0, tax = 0, discount = 0 } = input;
  if (lines.length === 0) return err('bad_request', 'A cart needs at least one line item', 'line_items');
  // Plain arithmetic on checked safe integers (a sum of two is exact below 2^53, so the first unsafe
  // sum or product is caught): this runs for every checkout, and parameter names are built only to refuse.
  let subtotal = 0;
  let hsaAmount = 0;
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index] as CartLine;
    if (!isCents(line.price))
      return invalid('A price must be a non-negative integer of cents', `line_items[${index}].price`);
    if (!isCents(line.quantity) || line.quantity < 1) {
      return invalid('A quantity must be a positive integer', `line_items[${index}].quantity`);
    }
    const lineTotal = line.price * line.quantity;
    const sum = subtotal + lineTotal;
    if (!Number.isSafeInteger(lineTotal) || !Number.isSafeInteger(sum)) {
      return invalid(
        'The subtotal would exceed Number.MAX_SAFE_INTEGER cents',
        `line_items[${index}].quantity`,
      );
    }
    // The eligible part never exceeds the subtotal, so it cannot overflow either.
    if (isEligibleItem(line)) hsaAmount += lineTotal;
    subtotal = sum;
  }
  if (!isCents(shipping)) return invalid('shipping must be a non-negative integer of cents', 'shipping');
  if (!isCents(tax)) return invalid('tax must be a non-negative integer of cents', 'tax');
  if (!isCents(discount)) return invalid('discount must be a non-negative integer of cents', 'discount');
  let gross = subtotal + shipping;
  if (!Number.isSafeInteger(gross))
    return invalid('The total would exceed Number.MAX_SAFE_INTEGER cents', 'shipping');
  gross += tax;
  if (!Number.isSafeInteger(gross))
    return invalid('The total would exceed Number.MAX_SAFE_INTEGER cents', 'tax');
  if (discount > gross) {
    return invalid(`The discount may not exceed subtotal + shipping + tax (${gross})`, 'discount');
  }
  return ok({
    subtotal,
    hsa_amount: hsaAmount,
    regular_amount: subtotal - hsaAmount,
    shipping,
    tax,
    discount,
    total: gross - discount,
  });
}

function invalid(message: string, param: string) {
  return err('validation_error', message, param);
}
