import { expect, test } from 'vitest';
import { findTestCard, TEST_CARDS, TestCard } from './test-cards.ts';

/** The Luhn check every real card number passes. */
function luhn(number: string): boolean {
  let sum = 0;
  [...number].reverse().forEach((digit, index) => {
    const value = Number(digit) * (index % 2 === 1 ? 2 : 1);
    sum += value > 9 ? value - 9 : value;
  });
  return sum % 10 === 0;
}

test('every test card is a well-formed, Luhn-valid, unique number that its schema accepts', () => {
  const numbers = TEST_CARDS.map((card) => card.number);
  expect(new Set(numbers).size).toBe(numbers.length);
  for (const card of TEST_CARDS) {
    expect(TestCard.parse(card)).toEqual(card);
    expect(luhn(card.number), card.number).toBe(true);
  }
});

test('a decline (or a card that pays only one part) says its code and whether the shopper may retry; nothing else does', () => {
  for (const card of TEST_CARDS) {
    const declines = card.outcome === 'declined' || card.pays_only !== null;
    expect(card.decline_code !== null, card.number).toBe(declines);
    expect(card.retryable !== null, card.number).toBe(declines);
  }
});

test('the HSA/FSA declines are test cards: CVC, expiry, and each kind of card on the wrong part', () => {
  expect(findTestCard('4000000000000127')).toMatchObject({ decline_code: 'incorrect_cvc', retryable: true });
  expect(findTestCard('4000000000000101')).toMatchObject({ decline_code: 'expired_card', retryable: true });
  expect(findTestCard('4000000000004954')).toMatchObject({
    outcome: 'succeeded',
    pays_only: 'regular',
    decline_code: 'not_hsa_fsa_card',
    retryable: true,
  });
  expect(findTestCard('4000000000006975')).toMatchObject({
    outcome: 'succeeded',
    pays_only: 'hsa_fsa',
    decline_code: 'restricted_card',
    retryable: true,
  });
});

test('the two cards of processing errors and uncaptured authorizations are there', () => {
  expect(findTestCard('4000000000000119')).toMatchObject({
    outcome: 'declined',
    decline_code: 'processing_error',
    retryable: true,
  });
  expect(findTestCard('4000000000000200')).toMatchObject({ outcome: 'authorized', decline_code: null });
  expect(findTestCard('4000000000000000')).toBeUndefined();
});

test('the cards cannot be changed by a test that imports them', () => {
  expect(Object.isFrozen(TEST_CARDS)).toBe(true);
  expect(TEST_CARDS.every((card) => Object.isFrozen(card))).toBe(true);
});
