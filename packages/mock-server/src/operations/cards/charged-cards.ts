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
 * The cards a cart charges: the HSA/FSA card pays an eligible or split cart's eligible part, the
 * regular card a regular or split cart's regular part; each defaults to `4242424242424242`.
 */
export function chargedCards(cartType: string, cards: PaymentCards): Charged {
  return {
    hsaCard: cartType === 'regular' ? undefined : (cards.hsa_card_number ?? DEFAULT_TEST_CARD),
    regularCard: cartType === 'eligible' ? undefined : (cards.card_number ?? DEFAULT_TEST_CARD),
  };
}

/** What charging each of the cards does, HSA/FSA card first; `kind` says who charges them. */
export function chargeCards(charged: Charged, kind: ChargeKind = 'payment'): CardOutcome[] {
  return [charged.hsaCard, charged.regularCard].flatMap((card) =>
    card === undefined ? [] : [chargeTestCard(card, kind)],
  );
}
