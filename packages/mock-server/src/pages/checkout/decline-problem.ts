import { chargeTestCard } from '../../operations/cards/test-cards.ts';
import type { PageProblem } from './checkout-view.ts';

/** Which of the shopper's cards a decline is about: the HSA/FSA card or the regular card. */
export type DeclinedCard = 'hsa_fsa' | 'regular';

const REASONS: Readonly<Record<string, string>> = {
  card_declined: 'was declined. Try again or use another card.',
  insufficient_funds: 'has insufficient funds. Try another card.',
  processing_error: 'could not be processed because of an error. Try again in a moment.',
  hard_decline: 'was declined and cannot be used for this payment. Use another card.',
  incorrect_cvc: 'was declined: the security code (CVC) is incorrect. Check it or use another card.',
  expired_card: 'has expired. Use another card.',
  not_hsa_fsa_card:
    'is not an HSA/FSA card and cannot pay the HSA/FSA-eligible items. Use your HSA/FSA card.',
  restricted_card:
    'is an HSA/FSA card and can pay only HSA/FSA-eligible items. Use another card for the rest.',
  invalid_number: 'is not one of the test cards this server knows. Try another card.',
};

/**
 * The card of an attempt that declined: the first of the HSA/FSA card and the regular card (charged in
 * that order) whose test card declines for the part it pays; `undefined` when neither does.
 */
export function declinedCard(cards: {
  readonly hsa_card_number?: string;
  readonly card_number?: string;
}): { readonly card: DeclinedCard; readonly last4: string } | undefined {
  for (const [card, number] of [
    ['hsa_fsa', cards.hsa_card_number],
    ['regular', cards.card_number],
  ] as const) {
    if (number !== undefined && chargeTestCard(number, card).outcome === 'declined')
      return { card, last4: number.slice(-4) };
  }
  return undefined;
}

/**
 * What the shopper reads after a declined attempt with a test card: which card failed, by kind and last four
 * digits ("Your HSA/FSA card ending 0002 was declined…"; on a cart paid by one card, "Your card…").
 */
export function declineProblem(
  declineCode: string | undefined,
  declined: { readonly card: DeclinedCard; readonly last4: string } | undefined,
  cartType: string,
): PageProblem {
  const code = declineCode ?? 'card_declined';
  const reason = REASONS[code] ?? 'was declined. Try another card.';
  const kind =
    declined === undefined || cartType !== 'split'
      ? 'Your card'
      : declined.card === 'hsa_fsa'
        ? 'Your HSA/FSA card'
        : 'Your other (non-HSA/FSA) card';
  const ending = declined === undefined ? '' : ` ending ${declined.last4}`;
  return {
    code,
    message: `${kind}${ending} ${reason}`,
    ...(declined === undefined
      ? {}
      : { field: declined.card === 'hsa_fsa' ? 'hsa_card_number' : 'card_number' }),
  };
}
