import { expect, test } from 'vitest';
import { chargedCards } from './charged-cards.ts';

const HSA = '4000000000006975';
const REGULAR = '4000000000004954';

test('one card alone pays every part of the cart, whichever field it came in', () => {
  for (const cart of ['eligible', 'regular', 'split'] as const) {
    const viaRegular = chargedCards(cart, { card_number: REGULAR });
    const viaHsa = chargedCards(cart, { hsa_card_number: REGULAR });
    expect(viaRegular).toEqual(viaHsa);
    expect(viaRegular).toEqual({
      hsaCard: cart === 'regular' ? undefined : REGULAR,
      regularCard: cart === 'eligible' ? undefined : REGULAR,
    });
  }
});

test('with both cards, the HSA/FSA card pays the eligible part and the other card the rest', () => {
  expect(chargedCards('split', { card_number: REGULAR, hsa_card_number: HSA })).toEqual({
    hsaCard: HSA,
    regularCard: REGULAR,
  });
  expect(chargedCards('eligible', { card_number: REGULAR, hsa_card_number: HSA })).toEqual({
    hsaCard: HSA,
    regularCard: undefined,
  });
});

test('no card at all pays with the default test card', () => {
  expect(chargedCards('split', {})).toEqual({ hsaCard: '4242424242424242', regularCard: '4242424242424242' });
});
