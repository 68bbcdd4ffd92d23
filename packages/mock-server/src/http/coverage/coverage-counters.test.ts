import type { WebhookDelivery } from '@glm/domain';
import { expect, test } from 'vitest';
import { createCoverageCounters } from './coverage-counters.ts';

const delivery = (id: string, status: WebhookDelivery['status']) =>
  ({ id, status, event_type: 'order.created' }) as WebhookDelivery;

test('each delivery that ends is counted once, delivered or failed; a resent one counts again when it ends', () => {
  const counters = createCoverageCounters(() => '2025-03-01T00:00:00.000Z');
  counters.recordEvent('order.created');
  counters.recordDelivery(delivery('whd_1', 'pending'), 'test');
  counters.recordDelivery(delivery('whd_2', 'pending'), 'test');
  counters.recordDelivery(delivery('whd_1', 'delivered'), 'test');
  // A second notice of the same end is not a second delivery.
  counters.recordDelivery(delivery('whd_1', 'delivered'), 'test');
  counters.recordDelivery(delivery('whd_2', 'failed'), 'test');
  counters.recordDelivery(delivery('whd_2', 'pending'), 'test');
  counters.recordDelivery(delivery('whd_2', 'delivered'), 'test');
  expect(counters.events.get('order.created')).toEqual({ emitted: 1, delivered: 2, failed: 1 });
});

test('clear starts every count again from the time it is cleared', () => {
  let now = '2025-03-01T00:00:00.000Z';
  const counters = createCoverageCounters(() => now);
  counters.recordEvent('order.created');
  now = '2025-03-02T00:00:00.000Z';
  counters.clear();
  expect([counters.since(), counters.events.size, counters.requests()]).toEqual([now, 0, 0]);
});
