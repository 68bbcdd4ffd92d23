import { EventType } from '@glm/domain';
import { expect, test } from 'vitest';
import { createTestEvent, createUnknownTestEvent } from '../testing/create-test-event.ts';
import { isEventEnvelope, isKnownEvent, isKnownEventType } from './webhook-event.ts';

test('every event type of the domain is known, and nothing else is', () => {
  for (const type of EventType.options) expect(isKnownEventType(type), type).toBe(true);
  for (const type of ['invoice.paid', 'order', 'ORDER.COMPLETED', 'constructor', '__proto__', '']) {
    expect(isKnownEventType(type), type).toBe(false);
  }
});

test('isKnownEvent tells known events from events of a later API version', () => {
  expect(isKnownEvent(createTestEvent('refund.failed'))).toBe(true);
  expect(isKnownEvent(createUnknownTestEvent('invoice.paid'))).toBe(false);
});

test('the envelope check accepts the D23 envelope of known and unknown events', () => {
  expect(isEventEnvelope(createTestEvent('order.created'))).toBe(true);
  expect(isEventEnvelope(createUnknownTestEvent('invoice.paid'))).toBe(true);
});

test('the envelope check refuses a missing or mistyped envelope field', () => {
  const event = createTestEvent('order.created', { seed: 1 });
  for (const broken of [
    { ...event, id: '' },
    { ...event, id: 7 },
    { ...event, type: '' },
    { ...event, created_at: null },
    { ...event, test_mode: 'true' },
    { ...event, api_version: 2 },
    { ...event, data: [] },
    { ...event, data: 'order' },
    null,
    [event],
  ]) {
    expect(isEventEnvelope(broken)).toBe(false);
  }
});
