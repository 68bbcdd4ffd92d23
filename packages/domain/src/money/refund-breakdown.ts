import { err, ok, type Result } from '../result.ts';
import { allocate } from './allocate.ts';
import { isCents } from './amount.ts';
import type { PaymentSplit } from './payment-split.ts';

/** Why a refund breakdown was refused. */
export type RefundBreakdownRefusal =
  /** The requested amount is not a positive integer of cents, or is more than is left to refund. */
  | 'invalid_amount'
  /** Nothing is left to refund on the order. */
  | 'conflict'
  /** The captured or refunded amounts are not cents, or more was refunded than captured on a side. */
  | 'inconsistent_amounts';

/** What a refund breakdown is computed from. */
export type RefundBreakdownInput = {
  /** What was captured on each card. */
  readonly captured: PaymentSplit;
  /** What earlier refunds took from each card, pending ones included and failed ones left out. */
  readonly refunded: PaymentSplit;
  /** The requested refund in cents; `undefined` refunds everything that is left. */
  readonly amount?: number | undefined;
};

/**
 * Divides a refund between the HSA/FSA card and the regular card. What is left on each card
 * is what it captured minus what was refunded from it; a full refund takes exactly that. A partial
 * refund is shared in proportion to what is left on each card, with largest-remainder rounding (the
 * HSA/FSA side wins a tie), so the parts sum to the amount and neither card gets back more than it has
 * left, and a sequence of partial refunds that adds up to the order refunds each card exactly.
 */
export function refundBreakdown(input: RefundBreakdownInput): Result<PaymentSplit, RefundBreakdownRefusal> {
  const { captured, refunded, amount } = input;
  const hsaLeft = left(captured.hsa_fsa_amount_cents, refunded.hsa_fsa_amount_cents);
  const regularLeft = left(captured.regular_amount_cents, refunded.regular_amount_cents);
  const totalLeft = (hsaLeft ?? Number.NaN) + (regularLeft ?? Number.NaN);
  if (hsaLeft === undefined || regularLeft === undefined || !Number.isSafeInteger(totalLeft)) {
    return err(
      'inconsistent_amounts',
      'Refunded amounts must be cents and at most what was captured on each side',
    );
  }
  if (totalLeft === 0) return err('conflict', 'Nothing is left to refund on this order');
  if (amount === undefined) return ok({ hsa_fsa_amount_cents: hsaLeft, regular_amount_cents: regularLeft });
  if (!isCents(amount) || amount === 0) {
    return err('invalid_amount', 'A refund amount must be a positive integer of cents', 'amount_cents');
  }
  if (amount > totalLeft) {
    return err(
      'invalid_amount',
      `The refund amount exceeds what is left to refund (${totalLeft})`,
      'amount_cents',
    );
  }
  const parts = allocate(amount, [hsaLeft, regularLeft]);
  if (!parts.ok) return err('inconsistent_amounts', parts.message);
  const [hsaPart = 0, regularPart = 0] = parts.value;
  return ok({ hsa_fsa_amount_cents: hsaPart, regular_amount_cents: regularPart });
}

function left(captured: number, refunded: number): number | undefined {
  return isCents(captured) && isCents(refunded) && refunded <= captured ? captured - refunded : undefined;
}
