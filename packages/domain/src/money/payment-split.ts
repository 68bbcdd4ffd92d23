import { err, ok, type Result } from '../result.ts';
import type { CartType } from '../schemas/statuses.ts';
import { allocate } from './allocate.ts';
import { isCents } from './amount.ts';

/** How an amount is divided between the HSA/FSA card and the regular card, in cents. */
export type PaymentSplit = {
  /** The part paid by (or refunded to) the HSA/FSA card. */
  readonly hsa_fsa_amount_cents: number;
  /** The part paid by (or refunded to) the regular card. */
  readonly regular_amount_cents: number;
};

/** The amounts a payment split reads: the two item subtotals and the total to charge. */
export type SplitAmounts = {
  /** Subtotal of the eligible items. */
  readonly hsa_amount: number;
  /** Subtotal of the other items. */
  readonly regular_amount: number;
  /** What the shopper pays: subtotal + shipping + tax − discount. */
  readonly total: number;
};

/**
 * Splits a cart's total between the HSA/FSA card and the regular card. An `eligible` cart puts
 * everything on the HSA/FSA card and a `regular` cart on the regular card. A `split` cart shares
 * shipping, tax and discount in proportion to the two item amounts, which comes to splitting the
 * total in that proportion, with largest-remainder rounding (the HSA/FSA side wins a tie), so the
 * parts always sum to the total. A split cart whose items are all free has no proportion to follow
 * and puts everything on the regular card, since the HSA/FSA card has no eligible spend to cover.
 *
 * Refused with `invalid_amounts` when an amount is not cents or contradicts the cart type (an
 * eligible cart with regular items, or a regular cart with eligible items).
 */
export function splitPayment(type: CartType, amounts: SplitAmounts): Result<PaymentSplit, 'invalid_amounts'> {
  const { hsa_amount: hsa, regular_amount: regular, total } = amounts;
  if (![hsa, regular, total].every(isCents)) {
    return err('invalid_amounts', 'Amounts must be non-negative integers of cents');
  }
  if (type === 'eligible' && regular > 0) {
    return err('invalid_amounts', 'An eligible cart has no regular amount', 'regular_amount');
  }
  if (type === 'regular' && hsa > 0) {
    return err('invalid_amounts', 'A regular cart has no HSA/FSA amount', 'hsa_amount');
  }
  if (type === 'eligible') return ok(split(total, 0));
  if (type === 'regular' || hsa + regular === 0) return ok(split(0, total));
  const parts = allocate(total, [hsa, regular]);
  if (!parts.ok) return err('invalid_amounts', parts.message);
  const [hsaPart = 0, regularPart = 0] = parts.value;
  return ok(split(hsaPart, regularPart));
}

function split(hsaFsa: number, regular: number): PaymentSplit {
  return { hsa_fsa_amount_cents: hsaFsa, regular_amount_cents: regular };
}
