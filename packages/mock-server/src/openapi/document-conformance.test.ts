import { Ajv2020 } from 'ajv/dist/2020.js';
import { expect, test } from 'vitest';
import { routes } from '../handlers/routes.ts';
import { createRouter } from '../http/router.ts';
import { createMockService } from '../service/create-mock-service.ts';
import { checkoutRequest, eligibleProduct, regularProduct } from '../test-support/fixtures.ts';
import { paymentLinkRequest } from '../test-support/payment-fixtures.ts';
import { type OpenApiDocument, toOpenApiPath } from './build-document.ts';
import { openApiDocument } from './openapi-document.ts';

// Formats (date-time, email, uri) are annotations here; the schemas' own patterns carry the checks.
const newAjv = () => new Ajv2020({ strict: false, validateFormats: false, allErrors: true });

const everySchema = (document: OpenApiDocument): [string, unknown][] => [
  ...Object.entries(document.components.schemas).map(([name, schema]): [string, unknown] => [name, schema]),
  ...Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).flatMap(([method, operation]) =>
      (operation.parameters ?? []).map((parameter): [string, unknown] => [
        `${method} ${path} ${String(parameter['name'])}`,
        parameter['schema'],
      ]),
    ),
  ),
];

test('every schema of the document is a valid JSON Schema 2020-12', () => {
  const ajv = newAjv();
  for (const [name, schema] of everySchema(openApiDocument())) {
    expect(ajv.validateSchema(schema as object), `${name}: ${ajv.errorsText()}`).toBe(true);
  }
});

test('what the server answers matches the documented response of its operation and status', async () => {
  const document = openApiDocument();
  const ajv = newAjv();
  ajv.addSchema(document, 'openapi.json');
  const router = createRouter(routes);
  // Webhook deliveries reach a receiver that accepts everything, never the network.
  const receiver = async (): Promise<Response> => new Response('ok', { status: 200 });
  const service = createMockService({
    rateLimit: false,
    now: '2025-03-01T12:00:00.000Z',
    webhooks: { fetch: receiver },
  });
  const checked = new Set<string>();

  const call = async (method: string, path: string, body?: unknown): Promise<Record<string, unknown>> => {
    const init: RequestInit = { method, headers: { authorization: `Bearer ${service.keys.test}` } };
    if (body !== undefined) {
      init.body = JSON.stringify(body);
      init.headers = { ...init.headers, 'content-type': 'application/json' };
    }
    const response = await service.handle(new Request(`http://127.0.0.1/v2${path}`, init));
    const answer = (await response.json()) as Record<string, unknown>;
    const match = router.match(method, path.split('?')[0] ?? path);
    if (match.kind !== 'found') throw new Error(`${method} ${path} matched no route`);
    const template = toOpenApiPath(match.route.path);
    const documented = document.paths[template]?.[method.toLowerCase()]?.responses[String(response.status)];
    expect(documented, `${method} ${template} does not document ${response.status}`).toBeDefined();
    const content = Object(documented?.['content'])['application/json'] as { schema: { $ref: string } };
    const validate = ajv.getSchema(`openapi.json${content.schema.$ref}`);
    if (validate === undefined) throw new Error(`${content.schema.$ref} does not resolve`);
    expect(validate(answer), `${method} ${path} ${response.status}: ${ajv.errorsText(validate.errors)}`).toBe(
      true,
    );
    checked.add(`${method} ${template} ${response.status}`);
    return answer;
  };

  const product = await call('POST', '/products', eligibleProduct());
  await call('POST', '/products', regularProduct());
  await call('GET', '/products?limit=1&hsa_fsa_eligible=true');
  await call('GET', `/products/${String(product['id'])}`);
  await call('PUT', `/products/${String(product['id'])}`, { metadata: { color: 'red' } });
  await call('POST', '/products/check-eligibility', { product_name: 'Contact lens solution' });
  const created = await call('POST', '/checkout', checkoutRequest(['sku-ibuprofen', 'sku-tissue']));
  const session = Object(created['data']) as { checkout_id: string };
  await call('GET', `/checkout/${session.checkout_id}`);
  const abandoned = await call('POST', '/checkout', checkoutRequest(['sku-tissue']));
  await call('POST', `/test_helpers/checkout/${String(Object(abandoned['data'])['checkout_id'])}/cancel`);
  await call('POST', '/checkout', { reference_id: 'cart-2' });
  const paid = await call('POST', `/test_helpers/checkout/${session.checkout_id}/pay`, {});
  const order = Object(paid['order']) as { id: string };
  await call('GET', `/orders/${order.id}`);
  await call('GET', '/orders');
  await call('GET', '/orders/ord_unknown');
  const refund = await call('POST', '/refunds', { order_id: order.id, amount_cents: 100, reason: 'other' });
  await call('GET', `/refunds/${String(refund['id'])}`);
  await call('POST', `/test_helpers/refunds/${String(refund['id'])}/succeed`);
  const failing = await call('POST', '/refunds', { order_id: order.id, amount_cents: 100, reason: 'other' });
  await call('POST', `/test_helpers/refunds/${String(failing['id'])}/fail`);
  await call('GET', '/refunds');
  const dispute = await call('POST', `/test_helpers/orders/${order.id}/dispute`, {});
  await call('GET', `/test_helpers/disputes/${String(dispute['id'])}`);
  await call('GET', `/test_helpers/disputes?order_id=${order.id}`);
  await call('POST', `/test_helpers/disputes/${String(dispute['id'])}/close`, { outcome: 'won' });
  const paidOrder = Object(await call('GET', `/orders/${order.id}`)) as {
    customer: { id: string };
    payment: { payment_method_id: string };
  };
  const subscription = await call('POST', '/subscriptions', {
    customer_id: paidOrder.customer.id,
    payment_method_id: paidOrder.payment.payment_method_id,
    amount_cents: 2500,
    currency: 'USD',
    interval: 'monthly',
  });
  await call('GET', `/test_helpers/subscriptions/${String(subscription['id'])}`);
  await call('GET', `/test_helpers/subscriptions?customer_id=${paidOrder.customer.id}`);
  await call('POST', `/subscriptions/${String(subscription['id'])}/cancel`, { cancel_at_period_end: true });
  await call('POST', `/subscriptions/${String(subscription['id'])}/cancel`, {});
  await call('POST', `/subscriptions/${String(subscription['id'])}/cancel`, {});
  await call('GET', `/orders?subscription_id=${String(subscription['id'])}`);
  const link = await call('POST', '/payment-links', paymentLinkRequest());
  await call('GET', `/payment-links/${String(link['id'])}`);
  await call('POST', `/payment-links/${String(link['id'])}/cancel`, { reason: 'duplicate' });
  await call('POST', `/payment-links/${String(link['id'])}/cancel`, {});
  const other = await call('POST', '/payment-links', paymentLinkRequest());
  await call('POST', `/test_helpers/payment-links/${String(other['id'])}/pay`, {});
  await call('GET', '/payment-links?status=paid');
  await call('GET', '/test_helpers/clock');
  await call('POST', '/test_helpers/clock/advance', { seconds: 60 });
  await call('POST', '/test_helpers/eligibility/refresh', {});
  await call('GET', '/test_helpers/events?limit=100');
  const key = await call('POST', '/test_helpers/api_keys', { mode: 'test', name: 'ci' });
  await call('DELETE', `/test_helpers/api_keys/${String(key['id'])}`);
  const endpoint = await call('POST', '/test_helpers/webhook_endpoints', {
    url: 'https://shop.example.com/hooks',
    events: ['*'],
  });
  await call('GET', '/test_helpers/webhook_endpoints');
  await call('GET', `/test_helpers/webhook_endpoints/${String(endpoint['id'])}`);
  await call('GET', '/test_helpers/webhook_secret');
  await call('POST', '/test_helpers/webhooks/flush');
  const deliveries = await call('GET', '/test_helpers/webhook_deliveries');
  const [delivery] = deliveries['data'] as { id: string }[];
  await call('POST', `/test_helpers/webhook_deliveries/${String(delivery?.id)}/resend`);
  await call('DELETE', `/test_helpers/webhook_endpoints/${String(endpoint['id'])}`);
  await call('GET', '/openapi.json');

  const exercised = new Set([...checked].map((entry) => entry.split(' ').slice(0, 2).join(' ')));
  const unexercised = Object.entries(document.paths)
    .flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`))
    .filter((operation) => !exercised.has(operation));
  expect(unexercised, 'operations this scenario does not call yet: add a call').toEqual([]);
});

// A value the documented schema allows, enough to ask the server whether it knows the parameter.
const sample = (schema: Record<string, unknown>): string => {
  if (Array.isArray(schema['enum'])) return String(schema['enum'][0]);
  if (schema['type'] === 'boolean') return 'true';
  if (schema['type'] === 'integer')
    return String(Number(schema['minimum'] ?? Number(schema['exclusiveMinimum'] ?? 0) + 1));
  if (schema['format'] === 'date-time') return '2025-01-01T00:00:00Z';
  return 'x';
};

test('the server knows every documented query parameter', async () => {
  const service = createMockService({ rateLimit: false });
  const document = openApiDocument();
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const parameter of methods['get']?.parameters ?? []) {
      if (parameter['in'] !== 'query') continue;
      const name = String(parameter['name']);
      const value = sample(Object(parameter['schema']) as Record<string, unknown>);
      const response = await service.handle(
        new Request(`http://127.0.0.1/v2${path}?${name}=${encodeURIComponent(value)}`, {
          headers: { authorization: `Bearer ${service.keys.test}` },
        }),
      );
      const body = (await response.json()) as { error?: { message?: string } };
      expect(body.error?.message ?? '', `GET ${path}?${name}=${value}`).not.toMatch(/^Unknown parameter/);
    }
  }
});
