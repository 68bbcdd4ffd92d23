import fc from 'fast-check';
import { expect, test } from 'vitest';
import { CheckoutCreateReference } from '../schemas/checkout-create.ts';
import { RefundCreate } from '../schemas/refund-requests.ts';
import { overrideTarget, setAtPath } from './override-path.ts';

test('a path names a field through objects, optional fields and array indexes', () => {
  expect(overrideTarget(CheckoutCreateReference, 'reference_id').ok).toBe(true);
  expect(overrideTarget(CheckoutCreateReference, 'customer.email').ok).toBe(true);
  expect(overrideTarget(CheckoutCreateReference, 'line_items.0.price').ok).toBe(true);
  expect(overrideTarget(RefundCreate, 'amount_cents').ok).toBe(true);
});

test('a path the request does not have is refused naming the first unknown part', () => {
  const unknown = overrideTarget(CheckoutCreateReference, 'customer.emial');
  expect(unknown).toMatchObject({ ok: false, code: 'unknown_field', param: 'customer.emial' });
  if (!unknown.ok) expect(unknown.message).toContain('Unknown field customer.emial');
  expect(overrideTarget(CheckoutCreateReference, 'line_items.first.price').ok).toBe(false);
  expect(overrideTarget(CheckoutCreateReference, 'reference_id.length').ok).toBe(false);
  expect(overrideTarget(RefundCreate, '__proto__').ok).toBe(false);
  expect(overrideTarget(RefundCreate, 'constructor').ok).toBe(false);
});

test('setting a path copies the way down and leaves the original untouched', () => {
  const body = {
    customer: { email: 'a@example.com', first_name: 'A' },
    line_items: [{ price: 1 }, { price: 2 }],
  };
  const changed = setAtPath(body, 'line_items.1.price', 99);
  expect(changed).toEqual({ customer: body.customer, line_items: [{ price: 1 }, { price: 99 }] });
  expect(body.line_items[1]).toEqual({ price: 2 });
  expect(setAtPath(body, 'customer.email', 'b@example.com')['customer']).toEqual({
    email: 'b@example.com',
    first_name: 'A',
  });
  expect(setAtPath({}, 'metadata.order', '7')).toEqual({ metadata: { order: '7' } });
});

test('after setting a path, reading it back answers the value', () => {
  const name = fc.stringMatching(/^[a-z]{1,6}$/);
  fc.assert(
    fc.property(fc.array(name, { minLength: 1, maxLength: 4 }), fc.jsonValue(), (parts, value) => {
      const set = setAtPath({ other: 1 }, parts.join('.'), value);
      let read: unknown = set;
      for (const part of parts) read = (read as Record<string, unknown>)[part];
      expect(read).toEqual(value);
      if (parts[0] !== 'other') expect(set['other']).toBe(1);
    }),
  );
});
