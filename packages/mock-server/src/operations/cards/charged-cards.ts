import type { PaymentPart } from '@glm/domain/test-helpers';
import type { PaymentCards } from '../../core/store/payment-cards.ts';
import { type CardOutcome, type ChargeKind, chargeTestCard, DEFAULT_TEST_CARD } from './test-cards.ts';

/** The cards a successful payment charged: the HSA/FSA card, the regular card, or both. */
export interface Charged {
  /** The HSA/FSA card number, when the cart had an HSA/FSA part. */
  readonly hsaCard: string | undefined;
  /** The regular card number, when the cart had a regular part. */
  readonly regularCard: string | undefined;
}

/**
 * The cards a cart charges. Given both cards, the HSA/FSA card pays an eligible or split cart's
 * eligible part and the regular card a regular or split cart's regular part; given only one of them,
 * that card pays every part of the cart; given none, `4242424242424242` does.
 */
export function chargedCards(cartType: string, cards: PaymentCards): Charged {
  const only = cards.hsa_card_number ?? cards.card_number ?? DEFAULT_TEST_CARD;
  const both = cards.hsa_card_number !== undefined && cards.card_number !== undefined;
  return {
    hsaCard: cartType === 'regular' ? undefined : both ? cards.hsa_card_number : only,
    regularCard: cartType === 'eligible' ? undefined : both ? cards.card_number : only,
  };
}

/** One card's charge: the part of the cart it paid, its number and what charging it did. */
export interface CardCharge {
  /** The part of the cart the card was given. */
  readonly part: PaymentPart;
  /** The card number. */
  readonly card: string;
  /** What charging it did. */
  readonly outcome: CardOutcome;
}

/** What charging each of the cards does, HSA/FSA card first; `kind` says who charges them. */
export function cardCharges(charged: Charged, kind: ChargeKind = 'payment'): CardCharge[] {
  return (
    [
      ['hsa_fsa', charged.hsaCard],
      ['regular', charged.regularCard],
    ] as const
  ).flatMap(([part, card]) =>
    card === undefined ? [] : [{ part, card, outcome: chargeTestCard(card, part, kind) }],
  );
}

/** What charging each of the cards does, HSA/FSA card first; `kind` says who charges them. */
export function chargeCards(charged: Charged, kind: ChargeKind = 'payment'): CardOutcome[] {
  return cardCharges(charged, kind).map((charge) => charge.outcome);
}

/**
 * What one payment of one or two cards comes to: `declined` when any card declines (the first
 * decline, HSA/FSA card first), else `authorized` when any card only authorizes (a split payment is
 * captured or failed as one: both parts wait together), else `captured`, with `thenDispute` when a
 * card that pays opens a dispute afterwards.
 */
export type ChargeResult =
  | Extract<CardOutcome, { readonly outcome: 'declined' }>
  | { readonly outcome: 'authorized' }
  | { readonly outcome: 'captured'; readonly thenDispute: boolean };

/** The {@link ChargeResult} of charging the cards. */
export function chargeResult(charged: Charged, kind: ChargeKind = 'payment'): ChargeResult {
  const outcomes = chargeCards(charged, kind);
  const declined = outcomes.find((outcome) => outcome.outcome === 'declined');
  if (declined !== undefined) return declined;
  if (outcomes.some((outcome) => outcome.outcome === 'authorized')) return { outcome: 'authorized' };
  const thenDispute = outcomes.some((outcome) => outcome.outcome === 'succeeded' && outcome.thenDispute);
  return { outcome: 'captured', thenDispute };
}
