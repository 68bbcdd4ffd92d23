import fc from 'fast-check';
import { expect, test } from 'vitest';
import type { PaymentSplit } from './payment-split.ts';
import { refundBreakdown } from './refund-breakdown.ts';

function sides(hsa: number, regular: number): PaymentSplit {
  return { hsa_fsa_amount_cents: hsa, regular_amount_cents: regular };
}

const none = sides(0, 0);
const cents = fc.nat({ max: 10_000_000 });

/** Captured amounts with something to refund, and an earlier refund no larger than the capture on each side. */
const order = fc
  .tuple(cents, cents)
  .filter(([hsa, regular]) => hsa + regular > 0)
  .chain(([hsa, regular]) =>
    fc.record({
      captured: fc.constant(sides(hsa, regular)),
      refunded: fc.tuple(fc.nat({ max: hsa }), fc.nat({ max: regular })).map(([h, r]) => sides(h, r)),
    }),
  )
  .filter(({ captured, refunded }) => total(captured) > total(refunded));

function add(a: PaymentSplit, b: PaymentSplit): PaymentSplit {
  return sides(
    a.hsa_fsa_amount_cents + b.hsa_fsa_amount_cents,
    a.regular_amount_cents + b.regular_amount_cents,
  );
}

function total(split: PaymentSplit): number {
  return split.hsa_fsa_amount_cents + split.regular_amount_cents;
}

test('a partial refund sums to the amount and never exceeds what is left on either card', () => {
  fc.assert(
    fc.property(order, fc.nat(), ({ captured, refunded }, seed) => {
      const hsaLeft = captured.hsa_fsa_amount_cents - refunded.hsa_fsa_amount_cents;
      const regularLeft = captured.regular_amount_cents - refunded.regular_amount_cents;
      const amount = 1 + (seed % (hsaLeft + regularLeft));
      const result = refundBreakdown({ captured, refunded, amount });
      if (!result.ok) throw new Error(result.message);
      expect(total(result.value)).toBe(amount);
      expect(result.value.hsa_fsa_amount_cents).toBeGreaterThanOrEqual(0);
      expect(result.value.regular_amount_cents).toBeGreaterThanOrEqual(0);
      expect(result.value.hsa_fsa_amount_cents).toBeLessThanOrEqual(hsaLeft);
      expect(result.value.regular_amount_cents).toBeLessThanOrEqual(regularLeft);
    }),
  );
});

test('partial refunds that add up to the order refund each card exactly what it captured', () => {
  fc.assert(
    fc.property(
      cents,
      cents,
      fc.array(fc.integer({ min: 1, max: 1_000_000 }), { maxLength: 20 }),
      (h, r, cuts) => {
        fc.pre(h + r > 0);
        const captured = sides(h, r);
        let refunded = none;
        const refund = (amount: number) => {
          const result = refundBreakdown({ captured, refunded, amount });
          if (!result.ok) throw new Error(result.message);
          refunded = add(refunded, result.value);
          expect(refunded.hsa_fsa_amount_cents).toBeLessThanOrEqual(h);
          expect(refunded.regular_amount_cents).toBeLessThanOrEqual(r);
        };
        for (const cut of cuts) {
          const leftover = total(captured) - total(refunded);
          if (leftover > 1) refund(Math.min(cut, leftover - 1));
        }
        refund(total(captured) - total(refunded));
        expect(refunded).toEqual(captured);
        expect(refundBreakdown({ captured, refunded })).toMatchObject({ ok: false, code: 'conflict' });
      },
    ),
  );
});

test('a refund without an amount takes exactly what is left on each card', () => {
  expect(refundBreakdown({ captured: sides(6000, 4000), refunded: sides(1500, 1000) })).toEqual({
    ok: true,
    value: sides(4500, 3000),
  });
});

test('a partial refund is shared in proportion to what is left, not to what was captured', () => {
  // 4500 and 3000 left: 1000 is shared 600 / 400.
  expect(refundBreakdown({ captured: sides(6000, 4000), refunded: sides(1500, 1000), amount: 1000 })).toEqual(
    {
      ok: true,
      value: sides(600, 400),
    },
  );
  // The HSA/FSA side is fully refunded: the rest comes from the regular card only.
  expect(refundBreakdown({ captured: sides(6000, 4000), refunded: sides(6000, 0), amount: 2500 })).toEqual({
    ok: true,
    value: sides(0, 2500),
  });
});

test('an amount above what is left is refused as invalid_amount', () => {
  expect(refundBreakdown({ captured: sides(600, 400), refunded: sides(100, 0), amount: 901 })).toMatchObject({
    ok: false,
    code: 'invalid_amount',
    param: 'amount_cents',
  });
  expect(refundBreakdown({ captured: sides(600, 400), refunded: sides(100, 0), amount: 900 })).toMatchObject({
    ok: true,
  });
});

test('a zero, negative or fractional amount is refused as invalid_amount', () => {
  for (const amount of [0, -5, 2.5]) {
    expect(refundBreakdown({ captured: sides(600, 400), refunded: none, amount })).toMatchObject({
      code: 'invalid_amount',
    });
  }
});

test('an order with nothing left to refund is a conflict, whatever the amount', () => {
  expect(refundBreakdown({ captured: sides(600, 400), refunded: sides(600, 400) })).toMatchObject({
    ok: false,
    code: 'conflict',
  });
  expect(refundBreakdown({ captured: none, refunded: none, amount: 1 })).toMatchObject({ code: 'conflict' });
});

test('more refunded than captured on a side is refused as inconsistent', () => {
  expect(refundBreakdown({ captured: sides(600, 400), refunded: sides(601, 0) })).toMatchObject({
    ok: false,
    code: 'inconsistent_amounts',
  });
  expect(refundBreakdown({ captured: sides(-1, 400), refunded: none })).toMatchObject({
    code: 'inconsistent_amounts',
  });
});
