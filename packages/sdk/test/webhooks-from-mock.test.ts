// Webhook verification against deliveries the reference server really makes (issue 5): the mock signs
// and sends each event of a paid checkout and its refund to an in-process endpoint, and the SDK's
// verifier and handler must accept exactly those bytes and headers.
import { parseEvent } from '@glm/domain';
import type { MockService } from '@glm/mock-server';
import { expect, test } from 'vitest';
import { createWebhookHandler } from '../src/webhooks/create-webhook-handler.ts';
import { verifyWebhook } from '../src/webhooks/verify-webhook.ts';
import { isKnownEvent, type WebhookEvent } from '../src/webhooks/webhook-event.ts';
import { WebhookVerificationError } from '../src/webhooks/webhook-verification-error.ts';
import { checkoutRequest, rejectionOf, thermometerLine, useMockGlm } from './support/use-mock-glm.ts';

// A fixed server time far from the wall clock: deliveries are signed with the sender's wall clock, so a
// receiver verifying with its own real clock (the default) accepts them however far the test clock is.
const SERVER_NOW = '2025-03-01T12:00:00.000Z';

const { mock, glm } = useMockGlm({
  now: SERVER_NOW,
  seed: {
    products: [
      { name: 'Digital Thermometer', price: 1_299, currency: 'USD', merchant_product_id: 'thermo-1' },
    ],
  },
});

/** The flow of the test: a checkout paid in full, then refunded in full; every due delivery is then made. */
async function payAndRefund(): Promise<{ checkoutId: string; orderId: string; refundId: string }> {
  const session = await glm.checkout.create(
    checkoutRequest([thermometerLine()], { reference_id: 'cart_webhooks' }),
  );
  const paid = await glm.testHelpers.checkout.pay(session.checkout_id);
  const orderId = paid.order?.id ?? '';
  const refund = await glm.refunds.create({ order_id: orderId, reason: 'customer_request' });
  await glm.testHelpers.refunds.succeed(refund.id);
  await glm.testHelpers.webhookDeliveries.flush();
  return { checkoutId: session.checkout_id, orderId, refundId: refund.id };
}

/** Registers an endpoint that keeps every delivered `Request`, unread, and acknowledges it. */
async function recordingEndpoint(service: MockService): Promise<{ secret: string; received: Request[] }> {
  const received: Request[] = [];
  const { secret } = await service.registerWebhookEndpoint({
    events: ['*'],
    handler: (request) => {
      received.push(request.clone());
      return new Response('{"received":true}', { status: 200 });
    },
  });
  return { secret, received };
}

test('every delivery of a paid checkout and its refund verifies, with full schema validation, as the event the service logged', async () => {
  const { secret, received } = await recordingEndpoint(mock);
  const { checkoutId, orderId, refundId } = await payAndRefund();

  const events: WebhookEvent[] = [];
  for (const request of received) {
    events.push(
      await verifyWebhook({
        body: request,
        secret,
        requireSignature: true,
        validate: parseEvent,
      }),
    );
  }
  expect(events.map((event) => event.type)).toEqual(
    expect.arrayContaining(['order.created', 'order.completed', 'refund.created', 'refund.succeeded']),
  );
  for (const event of events) {
    const logged = mock.events().find((candidate) => candidate.id === event.id);
    expect(event).toEqual(JSON.parse(JSON.stringify(logged)));
  }
  for (const event of events.filter(isKnownEvent)) {
    if (event.type === 'order.completed') {
      expect(event.data).toMatchObject({ id: orderId, checkout_id: checkoutId, payment_status: 'captured' });
    }
    if (event.type === 'refund.succeeded') {
      expect(event.data).toMatchObject({ id: refundId, order_id: orderId, payment_status: 'refunded' });
    }
  }
});

test("deliveries are signed with the sender's wall clock, also after the test clock moved days ahead", async () => {
  const { secret, received } = await recordingEndpoint(mock);
  mock.clock.advance('3d');
  await payAndRefund();
  const [first] = received;
  if (first === undefined) throw new Error('the service delivered nothing');
  const verifyAt = (now?: number) =>
    verifyWebhook({
      body: first.clone(),
      secret,
      tolerance: 300,
      requireSignature: true,
      ...(now === undefined ? {} : { now }),
    });

  // The receiver's defaults (its own Date.now()) accept it; the event's created_at stays on the service clock.
  const event = await verifyAt();
  expect(Date.parse(event.created_at)).toBe(mock.clock.now().getTime());
  expect(Math.abs(Date.parse(event.created_at) - Date.now())).toBeGreaterThan(2 * 86_400_000);
  await expect(verifyAt(Date.now() + 290_000)).resolves.toMatchObject({ id: event.id });
  const late = await rejectionOf(verifyAt(Date.now() + 302_000));
  expect(late).toBeInstanceOf(WebhookVerificationError);
  expect(late).toMatchObject({ reason: 'timestamp_outside_tolerance' });
  // Verified against the service's clock instead, the same delivery is days out of tolerance.
  expect(await rejectionOf(verifyAt(mock.clock.now().getTime()))).toMatchObject({
    reason: 'timestamp_outside_tolerance',
  });
});

test("a delivery verifies with its own endpoint's secret only; during a rotation a list holding it is enough", async () => {
  const mine = await recordingEndpoint(mock);
  const other = await recordingEndpoint(mock);
  await payAndRefund();
  const [delivery] = mine.received;
  if (delivery === undefined) throw new Error('the service delivered nothing');

  const refused = await rejectionOf(verifyWebhook({ body: delivery.clone(), secret: other.secret }));
  expect(refused).toMatchObject({ reason: 'invalid_token' });
  const rotated = await verifyWebhook({
    body: delivery.clone(),
    secrets: [other.secret, mine.secret],
  });
  expect(rotated.id).toMatch(/^evt_/);
});

test('createWebhookHandler as the endpoint: with every event delivered twice, each handler runs once per event and every delivery is acknowledged', async () => {
  const runs: Record<string, string[]> = {};
  const refundStatuses: string[] = [];
  const errors: unknown[] = [];
  const record = (type: string, id: string): void => {
    runs[type] = [...(runs[type] ?? []), id];
  };
  let handle: (request: Request) => Promise<Response> = async () => new Response(null, { status: 503 });
  const endpoint = await mock.registerWebhookEndpoint({
    events: ['order.created', 'order.completed', 'refund.created', 'refund.succeeded'],
    duplicate: 2,
    handler: (request) => handle(request),
  });
  handle = createWebhookHandler({
    secret: endpoint.secret,
    on: {
      'order.created': (event) => record(event.type, event.id),
      'order.completed': (event) => record(event.type, event.id),
      'refund.created': (event) => record(event.type, event.id),
      'refund.succeeded': (event) => {
        record(event.type, event.id);
        refundStatuses.push(event.data.payment_status);
      },
    },
    onError: (error) => errors.push(error),
  });

  await payAndRefund();

  const subscribed = ['order.created', 'order.completed', 'refund.created', 'refund.succeeded'];
  const emitted = mock.events({ mode: 'test' }).filter((event) => subscribed.includes(event.type));
  expect(emitted.length).toBeGreaterThanOrEqual(4);
  for (const event of emitted) expect(runs[event.type]?.filter((id) => id === event.id)).toHaveLength(1);
  expect(refundStatuses).toEqual(['refunded']);
  expect(errors).toEqual([]);

  const deliveries = mock.deliveries({ endpointId: endpoint.id });
  expect(deliveries).toHaveLength(emitted.length * 2);
  expect(deliveries.every((delivery) => delivery.status === 'delivered')).toBe(true);
  const answers = deliveries.map((delivery) => delivery.attempts.at(-1)?.response_body);
  expect(answers.filter((body) => body?.includes('"duplicate":true'))).toHaveLength(emitted.length);
});
