import { expectTypeOf, test } from 'vitest';
import type { WebhookDeliveryStatus } from '../schemas/statuses.ts';
import {
  WEBHOOK_RETRY_SCHEDULE_MS,
  type WebhookDeliveryEffect,
  type WebhookDeliveryEvent,
  type WebhookDeliveryState,
  webhookDeliveryTransition,
} from './webhook-delivery-machine.ts';

declare const state: WebhookDeliveryState;
declare const event: WebhookDeliveryEvent;

test('the result narrows on ok to the next delivery state', () => {
  const result = webhookDeliveryTransition(state, event);
  if (result.ok) {
    expectTypeOf(result.state.status).toEqualTypeOf<WebhookDeliveryStatus>();
    expectTypeOf(result.state.next_attempt_at).toEqualTypeOf<string | null>();
    expectTypeOf(result.effects).toEqualTypeOf<readonly WebhookDeliveryEffect[]>();
  } else {
    expectTypeOf(result.code).toEqualTypeOf<'conflict' | 'invalid_request'>();
  }
});

test('the schedule is a fixed tuple of six delays and an attempt must report its answer', () => {
  expectTypeOf(WEBHOOK_RETRY_SCHEDULE_MS).toHaveProperty('length').toEqualTypeOf<6>();
  expectTypeOf<Extract<WebhookDeliveryEvent, { type: 'attempt' }>['response_status']>().toEqualTypeOf<
    number | null
  >();
  // @ts-expect-error an attempt without its answer is meaningless
  webhookDeliveryTransition(state, { type: 'attempt', now: '' });
});
