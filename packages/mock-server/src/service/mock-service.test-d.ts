import type { EventOf } from '@glm/domain';
import { expectTypeOf, test } from 'vitest';
import type { ServiceEvent } from '../core/events/event-log.ts';
import type { MockService } from './mock-service.ts';

declare const mock: MockService;

test('events filtered by a known type are typed as that event', () => {
  expectTypeOf(mock.events({ type: 'order.completed' })).toEqualTypeOf<EventOf<'order.completed'>[]>();
  expectTypeOf(mock.events({ type: 'refund.created', mode: 'live' })[0]?.data.amount_cents).toEqualTypeOf<
    number | undefined
  >();
  expectTypeOf(mock.events()).toEqualTypeOf<ServiceEvent[]>();
  expectTypeOf(mock.events({ mode: 'test' })).toEqualTypeOf<ServiceEvent[]>();
});

test('waitForEvent of a known type resolves to that event, and its predicate sees it typed', () => {
  expectTypeOf(
    mock.waitForEvent('subscription.payment_failed', (event) => {
      expectTypeOf(event.data.next_retry_at).toEqualTypeOf<string | null>();
      return true;
    }),
  ).resolves.toEqualTypeOf<EventOf<'subscription.payment_failed'>>();
  expectTypeOf(mock.waitForEvent('invoice.paid')).resolves.toEqualTypeOf<ServiceEvent>();
});
