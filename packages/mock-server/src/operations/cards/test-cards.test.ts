import fc from 'fast-check';
import { expect, test } from 'vitest';
import { chargeTestCard } from './test-cards.ts';

const RENEWALS_DECLINE = '4000000000000341';
const OTHER_D27_CARDS = [
  '4242424242424242',
  '4111111111111111',
  '4000000000000002',
  '4000000000009995',
  '4000000000000069',
  '4000000000000259',
] as const;

test('4000000000000341 succeeds when the shopper pays and declines every renewal charged to it, not retryable', () => {
  expect(chargeTestCard(RENEWALS_DECLINE)).toEqual({ outcome: 'succeeded', thenDispute: false });
  expect(chargeTestCard(RENEWALS_DECLINE, 'payment')).toEqual(chargeTestCard(RENEWALS_DECLINE));
  expect(chargeTestCard(RENEWALS_DECLINE, 'renewal')).toEqual({
    outcome: 'declined',
    decline_code: 'card_declined',
    retryable: false,
  });
});

test('every other card answers a renewal exactly as it answers a payment', () => {
  const cards = fc
    .oneof(fc.constantFrom(...OTHER_D27_CARDS), fc.stringMatching(/^4\d{15}$/))
    .filter((card) => card !== RENEWALS_DECLINE);
  fc.assert(
    fc.property(cards, (card) => {
      expect(chargeTestCard(card, 'renewal')).toEqual(chargeTestCard(card, 'payment'));
    }),
  );
});
