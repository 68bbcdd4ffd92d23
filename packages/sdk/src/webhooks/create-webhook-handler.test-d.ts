import type { EventOf, Order, Refund, WebhookDelivery as ServiceDelivery } from '@glm/domain';
import { expectTypeOf, test } from 'vitest';
import { createWebhookHandler } from './create-webhook-handler.ts';
import type { ReceivedWebhook, WebhookDelivery } from './index.ts';
import { verifyWebhook } from './verify-webhook.ts';
import { type AnyWebhookEvent, isKnownEvent, type UnknownEvent, type WebhookEvent } from './webhook-event.ts';

test('each handler in the on map receives the event of its own type', () => {
  createWebhookHandler({
    secret: 'whsec_x',
    on: {
      'order.completed': (event) => {
        expectTypeOf(event).toEqualTypeOf<EventOf<'order.completed'>>();
        expectTypeOf(event.data).toEqualTypeOf<Order>();
      },
      'refund.succeeded': (event) => {
        expectTypeOf(event.data).toExtend<Refund>();
        expectTypeOf(event.data.payment_status).toExtend<string>();
      },
      'dispute.closed': (event) => {
        expectTypeOf(event.data.outcome).not.toBeAny();
      },
      'payment.failed': (event) => {
        expectTypeOf(event.data.retryable).toEqualTypeOf<boolean>();
      },
    },
  });
});

test('the on map refuses an unknown type and a handler for the wrong event', () => {
  createWebhookHandler({
    secret: 'whsec_x',
    on: {
      // @ts-expect-error: not an event type
      'order.shipped': () => undefined,
    },
  });
  createWebhookHandler({
    secret: 'whsec_x',
    on: {
      // @ts-expect-error: a refund handler cannot take an order event
      'order.completed': (_event: EventOf<'refund.created'>) => undefined,
    },
  });
});

test('verifyWebhook returns the known union: comparing event.type narrows event.data with no guard', async () => {
  const event = await verifyWebhook({ body: '', secret: 'whsec_x' });
  expectTypeOf(event).toEqualTypeOf<WebhookEvent>();
  expectTypeOf(event).not.toBeAny();
  if (event.type === 'order.completed') {
    expectTypeOf(event).toEqualTypeOf<EventOf<'order.completed'>>();
    expectTypeOf(event.data.amounts.total_cents).toEqualTypeOf<number>();
  }
  // @ts-expect-error: not a known type name (a typo does not compile)
  if (event.type === 'order.completd') return;
  switch (event.type) {
    case 'refund.created':
      expectTypeOf(event.data.amount_cents).toEqualTypeOf<number>();
      break;
    default: {
      // A type newer than this SDK lands here at run time: read it as an AnyWebhookEvent.
      const other: AnyWebhookEvent = event;
      expectTypeOf(other.type).toEqualTypeOf<string>();
    }
  }
});

test('isKnownEvent still splits what may arrive into the known union and UnknownEvent', () => {
  const event = {} as AnyWebhookEvent;
  if (isKnownEvent(event)) {
    expectTypeOf(event).toEqualTypeOf<WebhookEvent>();
  } else {
    expectTypeOf(event).toEqualTypeOf<UnknownEvent>();
    expectTypeOf(event.type).toEqualTypeOf<string>();
    expectTypeOf(event.data).toEqualTypeOf<Record<string, unknown>>();
  }
});

test('onUnhandled receives what may arrive, unknown types included', () => {
  createWebhookHandler({
    secret: 'whsec_x',
    on: {},
    onUnhandled: (event) => expectTypeOf(event).toEqualTypeOf<AnyWebhookEvent>(),
  });
});

test('secret and secrets are exclusive; with neither, the secret is GLM_WEBHOOK_SECRET', () => {
  // @ts-expect-error: both
  void verifyWebhook({ body: '', secret: 'a', secrets: ['b'] });
  // Neither: the GLM_WEBHOOK_SECRET environment variable (issue 27 made it the documented fallback).
  void verifyWebhook({ body: '' });
  void verifyWebhook({ body: '', secrets: ['a', 'b'] });
});

test('a parsed object is not a webhook body', () => {
  // @ts-expect-error: the raw body is required
  void verifyWebhook({ body: { id: 'evt_1' }, secret: 'a' });
});

test('ReceivedWebhook is the input of verifyWebhook; the deprecated WebhookDelivery alias still names it', () => {
  expectTypeOf<WebhookDelivery>().toEqualTypeOf<ReceivedWebhook>();
  expectTypeOf<ReceivedWebhook>().not.toEqualTypeOf<ServiceDelivery>();
  expectTypeOf(verifyWebhook).parameter(0).toExtend<ReceivedWebhook>();
});
