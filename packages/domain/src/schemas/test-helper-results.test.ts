import fc from 'fast-check';
import { expect, test } from 'vitest';
import { CheckoutCancelResult, WebhookFlushResult } from './test-helper-results.ts';
import { checkoutSessionBody } from './test-support/fixtures.ts';
import { WebhookEndpointDeleted } from './webhook-endpoint.ts';

const endpoint = {
  id: 'whep_0123456789abcdefghijKLMN',
  url: 'https://shop.example/webhooks',
  events: ['order.completed'],
  description: null,
  created_at: '2025-03-01T12:00:00.000Z',
};

test('a checkout cancel answer is the session as it stands', () => {
  const body = { checkout: checkoutSessionBody() };
  expect(CheckoutCancelResult.parse(body)).toEqual(body);
  expect(CheckoutCancelResult.safeParse({ checkout: { checkout_id: 'cs_x' } }).success).toBe(false);
});

test('a flush answer with any non-negative integer counts parses unchanged', () => {
  const count = fc.nat({ max: 1_000_000 });
  fc.assert(
    fc.property(count, count, count, count, (attempted, pending, delivered, failed) => {
      const body = { attempted, pending, delivered, failed };
      expect(WebhookFlushResult.parse(body)).toEqual(body);
    }),
  );
});

test('a flush answer with a negative, fractional or missing count breaks the contract', () => {
  const valid = { attempted: 1, pending: 0, delivered: 1, failed: 0 };
  expect(WebhookFlushResult.safeParse({ ...valid, pending: -1 }).success).toBe(false);
  expect(WebhookFlushResult.safeParse({ ...valid, delivered: 0.5 }).success).toBe(false);
  const { failed: _failed, ...missing } = valid;
  expect(WebhookFlushResult.safeParse(missing).success).toBe(false);
});

test('a deleted endpoint answer is the endpoint marked deleted: true, and nothing else passes for one', () => {
  expect(WebhookEndpointDeleted.parse({ ...endpoint, deleted: true })).toEqual({
    ...endpoint,
    deleted: true,
  });
  expect(WebhookEndpointDeleted.safeParse(endpoint).success).toBe(false);
  expect(WebhookEndpointDeleted.safeParse({ ...endpoint, deleted: false }).success).toBe(false);
});
