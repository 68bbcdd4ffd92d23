import { expectTypeOf, test } from 'vitest';
import type { AnyEvent, Event, EventOf } from './event.ts';
import { isKnownEvent } from './event.ts';
import type { EventType } from './event-type.ts';
import type { Order } from './order.ts';
import type { PaymentLink } from './payment-link.ts';
import type { Refund } from './refund.ts';

test('the event union covers exactly the event type list', () => {
  expectTypeOf<Event['type']>().toEqualTypeOf<EventType>();
});

test('narrowing an event by type narrows its data', () => {
  const narrow = (event: Event) => {
    if (event.type === 'order.completed') expectTypeOf(event.data).toEqualTypeOf<Order>();
    if (event.type === 'payment_link.cancelled') expectTypeOf(event.data).toEqualTypeOf<PaymentLink>();
    if (event.type === 'payment.failed') expectTypeOf(event.data.retryable).toEqualTypeOf<boolean>();
    if (event.type === 'refund.succeeded') expectTypeOf(event.data).toExtend<Refund>();
  };
  expectTypeOf(narrow).toBeFunction();
});

test('isKnownEvent narrows a received event to the typed union', () => {
  const received = (event: AnyEvent) => {
    if (isKnownEvent(event)) expectTypeOf(event).toEqualTypeOf<Event>();
  };
  expectTypeOf(received).toBeFunction();
});

test('EventOf picks one member with its literal type', () => {
  expectTypeOf<EventOf<'dispute.closed'>['type']>().toEqualTypeOf<'dispute.closed'>();
  expectTypeOf<EventOf<'dispute.closed'>['api_version']>().toEqualTypeOf<'v2'>();
});
