import { expect, test } from 'vitest';
import { cartType, isEligibleItem } from './cart-type.ts';

const eligible = { is_hsa_fsa_eligible: true, eligibility_type: 'auto_substantiation' } as const;
const dualPurpose = { is_hsa_fsa_eligible: true, eligibility_type: 'dual_purpose' } as const;
const regular = { is_hsa_fsa_eligible: false, eligibility_type: null };

test('a cart whose every item is eligible is an eligible cart', () => {
  expect(cartType([eligible, dualPurpose])).toEqual({ ok: true, value: 'eligible' });
});

test('a cart with no eligible item is a regular cart', () => {
  expect(cartType([regular, { is_hsa_fsa_eligible: false }])).toEqual({ ok: true, value: 'regular' });
});

test('a cart mixing eligible and regular items is a split cart', () => {
  expect(cartType([regular, eligible])).toEqual({ ok: true, value: 'split' });
  expect(cartType([dualPurpose, regular])).toEqual({ ok: true, value: 'split' });
});

test('a dual-purpose item counts as eligible even when flagged otherwise', () => {
  const flaggedOff = { is_hsa_fsa_eligible: false, eligibility_type: 'dual_purpose' } as const;
  expect(isEligibleItem(flaggedOff)).toBe(true);
  expect(cartType([flaggedOff])).toEqual({ ok: true, value: 'eligible' });
});

test('an empty cart is refused as a bad request on line_items', () => {
  expect(cartType([])).toMatchObject({ ok: false, code: 'bad_request', param: 'line_items' });
});
