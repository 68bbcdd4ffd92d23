import { createMockService } from '@glm/mock-server';
import { checkoutRequest, paymentLinkRequest, productRequest } from '@glm/test-fixtures';
import fc from 'fast-check';
import { beforeAll, describe, expect, test } from 'vitest';
import type { z } from 'zod';
import { Glm } from '../client.ts';
import { ANSWER_CHECK, answerCheckOf } from '../internal/answer-check-slot.ts';
import { createAnswerCheck } from './answer-check.ts';
import { responseSchemas } from './response-schemas.ts';

/** Every answer a client validated in a merchant's day against the reference server: schema and body. */
const answers: { schema: z.ZodType; body: unknown }[] = [];

beforeAll(async () => {
  const mock = createMockService();
  // A registry that records what the client asks to check and vouches for nothing, so zod checks it all.
  const recording = { ...responseSchemas };
  Object.defineProperty(recording, ANSWER_CHECK, {
    value: (schema: z.ZodType, body: unknown) => {
      answers.push({ schema, body: structuredClone(body) });
      return false;
    },
  });
  const glm = new Glm({
    apiKey: mock.keys.test,
    baseUrl: 'https://api.glm.test',
    maxRetries: 0,
    logLevel: 'off',
    fetch: (input, init) => mock.handle(new Request(input, init)),
    responseSchemas: recording,
  });
  const product = await glm.products.create(productRequest({ merchant_product_id: 'thermo-1' }));
  await glm.products.update(product.id, { metadata: { shelf: 'A3' } });
  await glm.products.get(product.id);
  await glm.products.list({ limit: 5 });
  await glm.products.checkEligibility({ product_name: 'Reading Glasses' });
  const line = { product_id: 'thermo-1', name: 'Thermometer', price: 1299, quantity: 2, currency: 'USD' };
  const session = await glm.checkout.create(checkoutRequest([line], { metadata: { cart: '1001' } }));
  await glm.checkout.get(session.checkout_id);
  const paid = await glm.testHelpers.checkout.pay(session.checkout_id);
  const order = paid.order;
  if (order === null || order === undefined) throw new Error('the test card created no order');
  await glm.orders.get(order.id);
  await glm.orders.list();
  const refund = await glm.refunds.create({ order_id: order.id, amount_cents: 500, reason: 'other' });
  await glm.refunds.list();
  await glm.testHelpers.refunds.succeed(refund.id);
  await glm.testHelpers.orders.dispute(order.id, { reason: 'fraudulent' });
  await glm.testHelpers.disputes.list();
  const link = await glm.paymentLinks.create(paymentLinkRequest());
  await glm.paymentLinks.list();
  await glm.paymentLinks.cancel(link.id);
  await glm.testHelpers.clock.advance({ seconds: 3600 });
  await glm.testHelpers.events.list({ limit: 10 });
  await glm.testHelpers.webhookEndpoints.create({
    url: 'https://merchant.example/hooks',
    events: ['order.completed'],
  });
  await glm.testHelpers.webhookEndpoints.list();
  await glm.testHelpers.webhookDeliveries.list();
});

const check = createAnswerCheck();

/** Every object and array in a value. */
function containers(value: unknown, found: (Record<string, unknown> | unknown[])[] = []) {
  if (typeof value !== 'object' || value === null) return found;
  found.push(value as Record<string, unknown>);
  for (const child of Object.values(value)) containers(child, found);
  return found;
}

/** Values a mutation may put in place of another: each kind a field of an answer may hold, and others. */
const ODD_VALUES: readonly unknown[] = [
  null,
  '',
  'x',
  '2026-13-45T00:00:00Z',
  '2026-11-27T08:00:00.000Z',
  'not-an-email',
  -1,
  0,
  1.5,
  2 ** 53,
  true,
  [],
  {},
  'captured',
  'completed',
];

/** One change to an answer: a value replaced, a key deleted, an unknown key added, or a key moved last. */
interface Mutation {
  readonly at: number;
  readonly key: number;
  readonly kind: 'set' | 'delete' | 'add' | 'move';
  readonly value: unknown;
}

const mutation: fc.Arbitrary<Mutation> = fc.record({
  at: fc.nat(),
  key: fc.nat(),
  kind: fc.constantFrom('set', 'set', 'delete', 'add', 'move'),
  value: fc.constantFrom(...ODD_VALUES),
});

function mutate(body: unknown, changes: readonly Mutation[]): unknown {
  const copy = structuredClone(body);
  for (const { at, key, kind, value } of changes) {
    const all = containers(copy);
    const target = all[at % all.length] as Record<string, unknown>;
    const keys = Object.keys(target);
    const name = keys.length === 0 || kind === 'add' ? 'unknown_field' : (keys[key % keys.length] as string);
    if (kind === 'delete') delete target[name];
    else if (kind === 'move' && !Array.isArray(target)) {
      // Moves the key to the end: the same values, another key order.
      const moved = target[name];
      delete target[name];
      target[name] = moved;
    } else target[name] = structuredClone(value);
  }
  // What a client checks is always parsed JSON (a key added to an array, say, does not survive that).
  return JSON.parse(JSON.stringify(copy));
}

describe('the copy-free check of an answer', () => {
  test('vouches for the answers of a merchant day, as zod parses them', () => {
    expect(answers.length).toBeGreaterThanOrEqual(20);
    let vouched = 0;
    for (const { schema, body } of answers) {
      const parsed = schema.safeParse(body);
      expect(parsed.success).toBe(true);
      if (check(schema, body)) {
        vouched++;
        expect(JSON.stringify(parsed.data)).toBe(JSON.stringify(body));
      }
    }
    // Events (a discriminated union) and webhook endpoints (a refined event list) are left to zod.
    expect(vouched).toBeGreaterThan(answers.length * 0.6);
  });

  test('vouches only for what zod accepts unchanged, values and key order alike', () => {
    let vouched = 0;
    fc.assert(
      fc.property(fc.nat(), fc.array(mutation, { minLength: 1, maxLength: 3 }), (which, changes) => {
        const answer = answers[which % answers.length];
        if (answer === undefined) return;
        const body = mutate(answer.body, changes);
        if (!check(answer.schema, body)) return;
        vouched++;
        const parsed = answer.schema.safeParse(body);
        expect(parsed.success).toBe(true);
        expect(JSON.stringify(parsed.data)).toBe(JSON.stringify(body));
        expect(parsed.data).toStrictEqual(body);
      }),
      { numRuns: 4000 },
    );
    // Some changes leave an answer valid (a null where null is allowed, a timestamp for a timestamp):
    // the property is not only about refusals.
    expect(vouched).toBeGreaterThan(40);
  });

  test('is carried by the registry the validation entry exports, and not by a copy of it', () => {
    expect(answerCheckOf(responseSchemas)).toBeTypeOf('function');
    expect(answerCheckOf({ ...responseSchemas })).toBeUndefined();
  });
});
