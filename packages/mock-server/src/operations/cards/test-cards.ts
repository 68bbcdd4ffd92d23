import {
  type DeclineCode,
  findTestCard,
  type PaymentPart,
  TEST_CARDS,
  UNKNOWN_CARD_DECLINE,
} from '@glm/domain/test-helpers';

/** The default card of the pay test helpers: the first of the test cards, which succeeds. */
export const DEFAULT_TEST_CARD = TEST_CARDS[0]?.number ?? '4242424242424242';

/** What charging one card does. */
export type CardOutcome =
  | { readonly outcome: 'succeeded'; readonly thenDispute: boolean }
  | { readonly outcome: 'authorized' }
  | { readonly outcome: 'declined'; readonly decline_code: DeclineCode; readonly retryable: boolean };

// Not retryable: the same card will decline again, and the server makes no retry of a renewal.
const RENEWAL_DECLINED = {
  outcome: 'declined',
  decline_code: 'card_declined',
  retryable: false,
} as const satisfies CardOutcome;

/**
 * Who starts a charge: the shopper paying a session or link (`payment`, the hosted page and the pay
 * test helpers, and the first charge of a subscription created for a saved card), or the server
 * charging the stored card for a later subscription period (`renewal`).
 */
export type ChargeKind = 'payment' | 'renewal';

/**
 * The outcome of charging a test card for one `part` of a cart, read from the test cards' table: a card
 * that succeeds does (and says whether a dispute follows), a card that pays only one part declines the
 * other with its code, a declining card declines with its code, and the authorizing card
 * only authorizes a payment. A renewal has no separate capture, so the authorizing card is captured
 * at once there, and the card whose renewals decline declines every renewal (`card_declined`, not
 * retryable). A number that is none of the test cards is declined as `invalid_number` (retryable), so a
 * typo in a test never passes silently.
 */
export function chargeTestCard(
  cardNumber: string,
  part: PaymentPart,
  kind: ChargeKind = 'payment',
): CardOutcome {
  const card = findTestCard(cardNumber);
  if (card === undefined) return { outcome: 'declined', ...UNKNOWN_CARD_DECLINE };
  if (card.pays_only !== null && card.pays_only !== part) {
    return {
      outcome: 'declined',
      decline_code: card.decline_code ?? RENEWAL_DECLINED.decline_code,
      retryable: card.retryable ?? true,
    };
  }
  if (kind === 'renewal' && card.later === 'renewals_decline') return RENEWAL_DECLINED;
  switch (card.outcome) {
    case 'declined':
      return {
        outcome: 'declined',
        decline_code: card.decline_code ?? RENEWAL_DECLINED.decline_code,
        retryable: card.retryable ?? true,
      };
    case 'authorized':
      return kind === 'renewal' ? { outcome: 'succeeded', thenDispute: false } : { outcome: 'authorized' };
    default:
      return { outcome: 'succeeded', thenDispute: card.later === 'dispute' };
  }
}

/** The card brand shown on an order's payment (`visa` for every test card, which all start with 4). */
export function cardBrand(cardNumber: string): string {
  return cardNumber.startsWith('4') ? 'visa' : 'unknown';
}
