import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalJson } from './canonical-json.ts';
import { createIdempotencyStore } from './idempotency-store.ts';

const body = { line_items: [{ name: 'Bandages', price: 649, quantity: 2 }], reference_id: 'cart-1' };
const text = JSON.stringify(body);
const request = (overrides: Partial<Parameters<ReturnType<typeof createIdempotencyStore>['begin']>[0]>) => ({
  scope: 'test',
  key: 'key-1',
  operation: 'POST /checkout',
  body,
  text,
  now: 0,
  ...overrides,
});
const created = { status: 201, body: { id: 'cs_1' } };

function firstUse() {
  const store = createIdempotencyStore();
  const decision = store.begin(request({}));
  if (decision.kind !== 'proceed') throw new Error('the first use must proceed');
  decision.complete(created, 'req_first');
  return store;
}

describe('idempotency store', () => {
  it('replays the first answer for the same body text', () => {
    const decision = firstUse().begin(request({}));
    expect(decision.kind === 'answer' && decision.answer).toMatchObject({
      status: 201,
      body: { id: 'cs_1' },
      headers: { 'idempotent-replayed': 'true' },
      requestId: 'req_first',
    });
  });

  it('does not keep a refusal given while the body was parsed, so the corrected request runs', () => {
    const store = createIdempotencyStore();
    const first = store.begin(request({}));
    if (first.kind !== 'proceed') throw new Error('the first use must proceed');
    first.complete(
      { status: 422, body: { error: { code: 'validation_error' } }, beforeOperation: true },
      'req_1',
    );
    const corrected = { ...body, reference_id: 'cart-2' };
    const again = store.begin(request({ body: corrected, text: JSON.stringify(corrected) }));
    expect(again.kind).toBe('proceed');
  });

  it('replays for the same JSON sent with keys in another order and other spacing', () => {
    const reordered = { reference_id: 'cart-1', line_items: [{ quantity: 2, price: 649, name: 'Bandages' }] };
    const decision = firstUse().begin(request({ body: reordered, text: JSON.stringify(reordered, null, 2) }));
    expect(decision.kind === 'answer' && decision.answer.status).toBe(201);
  });

  it('refuses another body, another operation, and an array order change', () => {
    const other = { ...body, reference_id: 'cart-2' };
    const swapped = {
      ...body,
      line_items: [...body.line_items, { name: 'Tissue', price: 499, quantity: 1 }].reverse(),
    };
    for (const next of [
      request({ body: other, text: JSON.stringify(other) }),
      request({ body: swapped, text: JSON.stringify(swapped) }),
      request({ operation: 'POST /payment-links' }),
    ]) {
      const decision = firstUse().begin(next);
      expect(decision.kind === 'answer' && decision.answer).toMatchObject({
        status: 400,
        body: { error: { code: 'idempotency_error' } },
      });
    }
  });

  it('treats an empty body and `{}` as the same body', () => {
    const store = createIdempotencyStore();
    const first = store.begin(request({ body: {}, text: '' }));
    if (first.kind !== 'proceed') throw new Error('the first use must proceed');
    first.complete(created, 'req_first');
    const decision = store.begin(request({ body: {}, text: '{ }' }));
    expect(decision.kind === 'answer' && decision.answer.status).toBe(201);
  });
});

/** The same JSON value with every object's keys in reverse order. */
const reversedKeys = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(reversedKeys);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .reverse()
      .map(([k, v]) => [k, reversedKeys(v)]),
  );
};

describe('idempotency store, any JSON body', () => {
  it('replays exactly when the two bodies have the same canonical JSON', () => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.string(), fc.jsonValue()),
        fc.jsonValue(),
        fc.boolean(),
        (first, other, same) => {
          const second = same ? reversedKeys(first) : other;
          const store = createIdempotencyStore();
          const decision = store.begin(request({ body: first, text: JSON.stringify(first) }));
          if (decision.kind !== 'proceed') return false;
          decision.complete(created, 'req_first');
          const again = store.begin(request({ body: second, text: JSON.stringify(second, null, 1) }));
          const replayed = again.kind === 'answer' && again.answer.status === 201;
          return replayed === (canonicalJson(first) === canonicalJson(second));
        },
      ),
    );
  });
});
