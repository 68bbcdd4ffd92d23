import { EventType } from '@glm/domain';
import { overrideTarget, TEST_CARDS } from '@glm/domain/test-helpers';
import { expect, test } from 'vitest';
import { createMockService } from '../../service/create-mock-service.ts';
import { engineOf } from '../../service/private-handles.ts';
import { TRIGGER_FLOWS } from './trigger-flows.ts';
import { planTrigger } from './trigger-plan.ts';
import { TRIGGER_REQUESTS } from './trigger-requests.ts';

const context = () => ({ engine: engineOf(createMockService()), mode: 'test' as const });

test('an override goes to the request its first name names, else to the main request', () => {
  const plan = planTrigger(context(), 'refund.created', TRIGGER_FLOWS['refund.created'], {
    overrides: { amount_cents: 5, 'checkout.customer.email': 'a@b.example', 'payment.card_number': '4242' },
  });
  expect(plan.ok && [...plan.value.overrides]).toEqual([
    ['refund', [['amount_cents', 5]]],
    ['checkout', [['customer.email', 'a@b.example']]],
    ['payment', [['card_number', '4242']]],
  ]);
});

test('a field named like a request the flow does not make belongs to the main request', () => {
  // A payment link has a `subscription` field; no subscription.* flow makes a `subscription` request.
  const plan = planTrigger(context(), 'subscription.updated', TRIGGER_FLOWS['subscription.updated'], {
    overrides: { 'subscription.interval': 'weekly' },
  });
  expect(plan.ok && [...plan.value.overrides]).toEqual([
    ['payment_link', [['subscription.interval', 'weekly']]],
  ]);
});

test('every flow makes its main request first, and every request it names has a schema', () => {
  for (const type of EventType.options) {
    const flow = TRIGGER_FLOWS[type];
    expect(flow.requests[0], type).toBe(flow.main);
    for (const request of flow.requests) expect(Object.hasOwn(TRIGGER_REQUESTS, request), type).toBe(true);
    expect(new Set(flow.requests).size, type).toBe(flow.requests.length);
  }
});

test('the first field of every request schema can be overridden', () => {
  for (const [name, schema] of Object.entries(TRIGGER_REQUESTS)) {
    // A request with an alias (a refund's `amount`) is a pipe from the object that has the fields.
    const def = schema._zod.def as { shape?: object; in?: { _zod: { def: { shape?: object } } } };
    const shape = def.shape ?? def.in?._zod.def.shape ?? {};
    expect(Object.keys(shape).length, name).toBeGreaterThan(0);
    for (const field of Object.keys(shape))
      expect(overrideTarget(schema, field).ok, `${name}.${field}`).toBe(true);
  }
});

test('a decline is planned only for a flow that produces it; another is 422 naming decline', () => {
  const paymentFailed = TRIGGER_FLOWS['payment.failed'];
  expect(
    planTrigger(context(), 'payment.failed', paymentFailed, { decline: 'restricted_card' }),
  ).toMatchObject({
    ok: true,
    value: { decline: 'restricted_card' },
  });
  expect(planTrigger(context(), 'payment.failed', paymentFailed, {})).toMatchObject({
    ok: true,
    value: { decline: undefined },
  });
  expect(planTrigger(context(), 'payment.failed', paymentFailed, { decline: 'hard_decline' })).toMatchObject({
    ok: false,
    code: 'validation_error',
    param: 'decline',
  });
  expect(
    planTrigger(context(), 'refund.created', TRIGGER_FLOWS['refund.created'], { decline: 'expired_card' }),
  ).toMatchObject({ ok: false, param: 'decline' });
});

test('every decline of a test card is produced by one declining trigger, its own default first', () => {
  const produced = EventType.options.flatMap((type) => TRIGGER_FLOWS[type].declines ?? []);
  const ofCards = TEST_CARDS.flatMap((card) => (card.decline_code === null ? [] : [card.decline_code]));
  expect([...produced].sort()).toEqual([...new Set(ofCards)].sort());
  expect(TRIGGER_FLOWS['payment.failed'].declines?.[0]).toBe('card_declined');
  expect(TRIGGER_FLOWS['checkout.failed'].declines).toEqual(['hard_decline']);
});
