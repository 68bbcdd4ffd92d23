/** The default card of the pay test helpers. */
export const DEFAULT_TEST_CARD = '4242424242424242';

/** What charging one card does. */
export type CardOutcome =
  | { readonly outcome: 'succeeded'; readonly thenDispute: boolean }
  | { readonly outcome: 'declined'; readonly decline_code: string; readonly retryable: boolean };

const DECLINES: Readonly<Record<string, CardOutcome>> = {
  '4000000000000002': { outcome: 'declined', decline_code: 'card_declined', retryable: true },
  '4000000000009995': { outcome: 'declined', decline_code: 'insufficient_funds', retryable: true },
  '4000000000000069': { outcome: 'declined', decline_code: 'hard_decline', retryable: false },
};

const SUCCEEDS = new Set(['4242424242424242', '4111111111111111']);
const DISPUTES = '4000000000000259';
/** Stripe's meaning: the first payment succeeds, later charges of the same card decline. */
const RENEWALS_DECLINE = '4000000000000341';
// Not retryable: the same card will decline again, and the server makes no retry of a renewal.
const RENEWAL_DECLINED: CardOutcome = {
  outcome: 'declined',
  decline_code: 'card_declined',
  retryable: false,
};

/**
 * Who starts a charge: the shopper paying a session or link (`payment`, the hosted page and the pay
 * test helpers), or the server charging the stored card for a subscription period (`renewal`).
 */
export type ChargeKind = 'payment' | 'renewal';

/**
 * The outcome of charging a test card. `4000000000000341` succeeds as a payment and declines
 * every renewal (`card_declined`, not retryable); every other card answers both kinds alike. A number
 * that is none of the test cards is declined as `invalid_number` (retryable), so a typo in a test
 * never passes silently.
 */
export function chargeTestCard(cardNumber: string, kind: ChargeKind = 'payment'): CardOutcome {
  if (SUCCEEDS.has(cardNumber)) return { outcome: 'succeeded', thenDispute: false };
  if (cardNumber === DISPUTES) return { outcome: 'succeeded', thenDispute: true };
  if (cardNumber === RENEWALS_DECLINE)
    return kind === 'payment' ? { outcome: 'succeeded', thenDispute: false } : RENEWAL_DECLINED;
  return DECLINES[cardNumber] ?? { outcome: 'declined', decline_code: 'invalid_number', retryable: true };
}

/** The card brand shown on an order's payment (`visa` for every test card, which all start with 4). */
export function cardBrand(cardNumber: string): string {
  return cardNumber.startsWith('4') ? 'visa' : 'unknown';
}
