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
  expect(chargeTestCard(RENEWALS_DECLINE, 'regular')).toEqual({ outcome: 'succeeded', thenDispute: false });
  expect(chargeTestCard(RENEWALS_DECLINE, 'regular', 'payment')).toEqual(
    chargeTestCard(RENEWALS_DECLINE, 'regular'),
  );
  expect(chargeTestCard(RENEWALS_DECLINE, 'regular', 'renewal')).toEqual({
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
    fc.property(cards, fc.constantFrom('hsa_fsa' as const, 'regular' as const), (card, part) => {
      expect(chargeTestCard(card, part, 'renewal')).toEqual(chargeTestCard(card, part, 'payment'));
    }),
  );
});

test('a regular card declines the HSA/FSA part and an HSA/FSA card the regular part; each pays its own', () => {
  expect(chargeTestCard('4000000000004954', 'regular')).toEqual({ outcome: 'succeeded', thenDispute: false });
  expect(chargeTestCard('4000000000004954', 'hsa_fsa')).toEqual({
    outcome: 'declined',
    decline_code: 'not_hsa_fsa_card',
    retryable: true,
  });
  expect(chargeTestCard('4000000000006975', 'hsa_fsa')).toEqual({ outcome: 'succeeded', thenDispute: false });
  expect(chargeTestCard('4000000000006975', 'regular')).toEqual({
    outcome: 'declined',
    decline_code: 'restricted_card',
    retryable: true,
  });
});

test('an incorrect CVC and an expired card decline on either part, retryable', () => {
  for (const part of ['hsa_fsa', 'regular'] as const) {
    expect(chargeTestCard('4000000000000127', part)).toMatchObject({
      decline_code: 'incorrect_cvc',
      retryable: true,
    });
    expect(chargeTestCard('4000000000000101', part)).toMatchObject({
      decline_code: 'expired_card',
      retryable: true,
    });
  }
});
