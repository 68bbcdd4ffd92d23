import { FUTURE_EVENT_TYPE, FUTURE_STATUS, type FutureKind } from '@glm/domain/test-helpers';
import { type RunningServer, startServer } from '@glm/mock-server/node';
import { checkoutLine } from '@glm/test-fixtures';
import { afterEach, describe, expect, test } from 'vitest';
import { Glm } from '../src/client.ts';
import { ResponseValidationError } from '../src/errors/response-validation-error.ts';
import type { Logger } from '../src/logging.ts';
import { responseSchemas } from '../src/validation/index.ts';
import { createWebhookHandler } from '../src/webhooks/create-webhook-handler.ts';
import type { AnyWebhookEvent } from '../src/webhooks/webhook-event.ts';
import { checkoutRequest, productRequest, rejectionOf } from './support/use-mock-glm.ts';

// D39: our own client, run against tomorrow's additive API changes. Its typed calls, default response
// handling, `validateResponses: 'warn'` and webhook handlers keep working under every future mode.

const MODES: readonly FutureKind[] = ['fields', 'enums', 'events'];

let server: RunningServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** A logger that keeps the warnings. */
const warnings = (): Logger & { readonly seen: string[] } => {
  const seen: string[] = [];
  const ignore = () => undefined;
  return { seen, debug: ignore, info: ignore, error: ignore, warn: (message) => seen.push(message) };
};

/** The merchant's flow: a product, a checkout paid, the order read and listed, a refund made. */
async function merchantFlow(glm: Glm, sku: string) {
  await glm.products.create(productRequest({ merchant_product_id: sku }));
  const session = await glm.checkout.create(
    checkoutRequest([checkoutLine(sku, { name: 'Digital Thermometer', price: 1_299, quantity: 2 })]),
  );
  const paid = await glm.testHelpers.checkout.pay(session.checkout_id);
  const orderId = paid.order?.id ?? '';
  const order = await glm.orders.get(orderId);
  const listed = await glm.orders.list().toArray({ limit: 10 });
  const refund = await glm.refunds.create({
    order_id: orderId,
    amount_cents: 100,
    reason: 'customer_request',
  });
  return { order, listed, refund };
}

describe.each(MODES)('under future mode %s', (mode) => {
  test('typed calls with default response handling and with validateResponses warn keep working', async () => {
    server = await startServer({
      now: '2025-03-01T12:00:00.000Z',
      rateLimit: false,
      future: { [mode]: true },
    });
    const plain = new Glm({
      apiKey: server.service.keys.test,
      baseUrl: server.url,
      logLevel: 'off',
      maxRetries: 0,
    });
    const flow = await merchantFlow(plain, 'thermo-plain');
    expect(flow.refund.amount_cents).toBe(100);
    // A status of a later version reaches the merchant's code as the string it is.
    expect(flow.order.status).toBe(mode === 'enums' ? FUTURE_STATUS : 'completed');

    const logger = warnings();
    const warned = new Glm({
      apiKey: server.service.keys.test,
      baseUrl: server.url,
      maxRetries: 0,
      logger,
      logLevel: 'warn',
      responseSchemas,
      validateResponses: 'warn',
    });
    const checked = await merchantFlow(warned, 'thermo-warn');
    expect(checked.listed.length).toBeGreaterThanOrEqual(2);
    // New members pass (the schemas strip what they do not name); a new status value is a warning, not a failure.
    if (mode === 'enums') expect(logger.seen.length).toBeGreaterThan(0);
    else expect(logger.seen).toEqual([]);
  });

  test('strict validation refuses only what the contract forbids: a status value it does not list', async () => {
    server = await startServer({
      now: '2025-03-01T12:00:00.000Z',
      rateLimit: false,
      future: { [mode]: true },
    });
    const strict = new Glm({
      apiKey: server.service.keys.test,
      baseUrl: server.url,
      maxRetries: 0,
      logLevel: 'off',
      responseSchemas,
      validateResponses: 'strict',
    });
    const read = strict.products.list().toArray({ limit: 5 });
    await strict.products.create(productRequest({ merchant_product_id: 'thermo-strict' }));
    if (mode === 'enums')
      expect(await rejectionOf(strict.products.list().toArray({ limit: 5 }))).toBeInstanceOf(
        ResponseValidationError,
      );
    else expect(await strict.products.list().toArray({ limit: 5 })).toHaveLength(1);
    await read;
  });

  test('webhook handlers verify and dispatch; an event type of a later version goes to onUnhandled', async () => {
    server = await startServer({
      now: '2025-03-01T12:00:00.000Z',
      rateLimit: false,
      future: { [mode]: true },
    });
    const handled: string[] = [];
    const unhandled: AnyWebhookEvent[] = [];
    const failures: unknown[] = [];
    // The endpoint's own secret is known once it is registered; the handler is made with it.
    let handler: ((request: Request) => Promise<Response>) | undefined;
    const endpoint = await server.service.registerWebhookEndpoint({
      events: ['*'],
      handler: (request) => (handler === undefined ? new Response(null, { status: 503 }) : handler(request)),
    });
    handler = createWebhookHandler({
      secret: endpoint.secret,
      on: { 'order.created': (event) => void handled.push(event.data.id) },
      onUnhandled: (event) => void unhandled.push(event),
      onError: (error) => void failures.push(error),
    });
    const glm = new Glm({
      apiKey: server.service.keys.test,
      baseUrl: server.url,
      logLevel: 'off',
      maxRetries: 0,
    });
    await merchantFlow(glm, 'thermo-hooks');
    await server.service.flushWebhooks();
    expect(failures).toEqual([]);
    expect(handled).toHaveLength(1);
    const futureTypes = unhandled.filter((event) => event.type === FUTURE_EVENT_TYPE);
    expect(futureTypes.length > 0).toBe(mode === 'events');
    expect(server.service.deliveries().every((delivery) => delivery.status === 'delivered')).toBe(true);
  });
});
