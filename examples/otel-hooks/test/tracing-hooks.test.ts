import { createMockService } from '@glm/mock-server';
import { Glm, NotFoundError } from '@glm/sdk';
import { SpanStatusCode } from '@opentelemetry/api';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  type ReadableSpan,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { expect, test } from 'vitest';
import { tracingHooks } from '../src/tracing-hooks.ts';

const THERMOMETER = {
  name: 'Digital Thermometer',
  price: 1599,
  currency: 'USD',
  merchant_product_id: 'thermo-1',
};
const checkout = {
  reference_id: 'cart_otel',
  customer: { email: 'ada@example.com', first_name: 'Ada', last_name: 'Lovelace' },
  line_items: [
    { product_id: 'thermo-1', name: 'Digital Thermometer', price: 1599, quantity: 1, currency: 'USD' },
  ],
  shipping_info: {
    address_line_1: '1 Main St',
    city: 'Austin',
    state: 'TX',
    postal_code: '78701',
    country: 'US',
  },
  success_url: 'https://shop.example/thanks',
  failure_url: 'https://shop.example/cart',
};

/** A client on an in-process mock service, traced into memory; `failFirst` answers the first request to a path 503. */
function tracedClient(failFirst?: string) {
  const exporter = new InMemorySpanExporter();
  const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
  const mock = createMockService({ seed: { products: [THERMOMETER] } });
  let failed = false;
  const glm = new Glm({
    apiKey: mock.keys.test,
    baseUrl: 'https://api.glm.test',
    logLevel: 'off',
    hooks: tracingHooks(provider.getTracer('checkout-app')),
    fetch: async (input, init) => {
      const request = new Request(input, init);
      if (!failed && failFirst !== undefined && new URL(request.url).pathname === failFirst) {
        failed = true;
        return Response.json({ error: { code: 'internal_error', message: 'try again' } }, { status: 503 });
      }
      return mock.handle(request);
    },
  });
  const spans = () => exporter.getFinishedSpans();
  return { glm, mock, spans };
}

const childrenOf = (spans: readonly ReadableSpan[], parent: ReadableSpan) =>
  spans.filter((span) => span.parentSpanContext?.spanId === parent.spanContext().spanId);

test('a call retried once is one span with a child span per attempt, the first failed, the second answered', async () => {
  const { glm, spans } = tracedClient('/api/v2/checkout');
  const session = await glm.checkout.create(checkout, { idempotencyKey: 'cart_otel-1' });

  const call = spans().find((span) => span.name === 'glm POST /api/v2/checkout');
  expect(call).toBeDefined();
  if (call === undefined) return;
  expect(call.attributes).toMatchObject({
    'http.request.method': 'POST',
    'http.response.status_code': 201,
    'glm.idempotency_key': 'cart_otel-1',
    'glm.request_id': expect.stringMatching(/^req_/),
  });
  expect(call.status.code).toBe(SpanStatusCode.UNSET);
  const attempts = childrenOf(spans(), call);
  expect(
    attempts.map((span) => [
      span.attributes['http.request.resend_count'],
      span.attributes['http.response.status_code'],
      span.status.code,
    ]),
  ).toEqual([
    [0, 503, SpanStatusCode.ERROR],
    [1, 201, SpanStatusCode.UNSET],
  ]);
  expect(session.checkout_url).toMatch(/^https?:\/\//);
});

test('a failed call ends its span with the error recorded', async () => {
  const { glm, spans } = tracedClient();
  await expect(glm.orders.get('ord_missing')).rejects.toBeInstanceOf(NotFoundError);

  const call = spans().find((span) => span.name === 'glm GET /v2/orders/ord_missing');
  expect(call?.status.code).toBe(SpanStatusCode.ERROR);
  expect(call?.attributes).toMatchObject({ 'http.response.status_code': 404, 'glm.attempts': 1 });
  expect(call?.events.map((event) => event.attributes?.['exception.message'])).toEqual([
    expect.stringContaining('failed with 404 not_found'),
  ]);
});

test('calls made at the same time get a span each, with their own attempts under them', async () => {
  const { glm, spans } = tracedClient();
  await Promise.all([glm.products.list().page(), glm.orders.list().page(), glm.testHelpers.clock.get()]);

  const calls = spans().filter((span) => span.parentSpanContext === undefined);
  expect(calls.map((span) => span.name).sort()).toEqual([
    'glm GET /api/v2/products',
    'glm GET /v2/orders',
    'glm GET /v2/test_helpers/clock',
  ]);
  for (const call of calls) {
    const [attempt, ...others] = childrenOf(spans(), call);
    expect(others).toEqual([]);
    expect(attempt?.attributes['url.path']).toBe(call.attributes['url.path']);
  }
});

test('no span carries the API key or a card number', async () => {
  const { glm, mock, spans } = tracedClient();
  const session = await glm.checkout.create(checkout);
  await glm.testHelpers.checkout.pay(session.checkout_id, { card_number: '4242424242424242' });

  const recorded = JSON.stringify(spans().map((span) => [span.name, span.attributes, span.events]));
  expect(recorded).not.toContain(mock.keys.test);
  expect(recorded).not.toContain('4242424242424242');
  expect(recorded).toContain('/pay');
});
