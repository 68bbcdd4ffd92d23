/** The default card of the pay test helpers (D28). */
export const DEFAULT_TEST_CARD = '4242424242424242';

/** What charging one card does (D27). */
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

/**
 * The outcome of charging a test card (D27). A number that is none of the D27 cards is declined as
 * `invalid_number` (retryable), so a typo in a test never passes silently.
 */
export function chargeTestCard(cardNumber: string): CardOutcome {
  if (SUCCEEDS.has(cardNumber)) return { outcome: 'succeeded', thenDispute: false };
  if (cardNumber === DISPUTES) return { outcome: 'succeeded', thenDispute: true };
  return DECLINES[cardNumber] ?? { outcome: 'declined', decline_code: 'invalid_number', retryable: true };
}

/** The card brand shown on an order's payment (`visa` for every D27 card, which all start with 4). */
export function cardBrand(cardNumber: string): string {
  return cardNumber.startsWith('4') ? 'visa' : 'unknown';
}
