import { fillExample, type OperationId, ROUTES, type Route } from '@glm/domain/contract';
import { toOpenApiPath } from '../../src/http/openapi/build-document.ts';
import { openApiDocument } from '../../src/http/openapi-document.ts';
import { createRouter } from '../../src/http/router.ts';
import { routes } from '../../src/http/routes.ts';
import { createMockService } from '../../src/index.ts';
import { checkoutRequest, eligibleProduct, paymentLinkRequest, regularProduct } from './fixtures.ts';

/** Calls one route of the service (under `/v2`) and answers its JSON body. */
type CallRoute = (method: string, path: string, body?: unknown) => Promise<Record<string, unknown>>;

/** One answer of the scenario, with the path template and the documented entry of its status. */
export interface DocumentedAnswer {
  readonly method: string;
  readonly path: string;
  /** The OpenAPI path template the route matched (`/orders/{id}`). */
  readonly template: string;
  readonly status: number;
  readonly body: Record<string, unknown>;
  /** The `$ref` of the documented response schema of this status, if the document has one. */
  readonly schemaRef: string | undefined;
}

/**
 * Runs {@link callEveryOperation} against a fresh service (fixed clock, no rate limits, webhooks to a
 * receiver that accepts everything, never the network) and hands each answer to `inspect`.
 */
export async function inspectEveryAnswer(inspect: (answer: DocumentedAnswer) => void): Promise<void> {
  const document = openApiDocument();
  const router = createRouter(routes, 'path');
  const service = createMockService({
    rateLimit: false,
    now: '2025-03-01T12:00:00.000Z',
    webhooks: { fetch: async () => new Response('ok', { status: 200 }) },
  });
  await callEveryOperation(async (method, path, body) => {
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
    const content = Object(documented?.['content'])['application/json'] as
      | { schema?: { $ref?: string } }
      | undefined;
    inspect({
      method,
      path,
      template,
      status: response.status,
      body: answer,
      schemaRef: content?.schema?.$ref,
    });
    return answer;
  });
}

/**
 * One scenario that calls every operation of the OpenAPI document at least once, with the answers a
 * merchant meets: successes, a 404, a 409 and a refused body. The document conformance test checks
 * each answer against its documented schema; the response-type test compares what the answers carry
 * with what the schemas require.
 */
export async function callEveryOperation(callRoute: CallRoute): Promise<void> {
  const called = new Set<string>();
  const call: CallRoute = (method, path, body) => {
    const route = routeOf(method, path);
    if (route !== undefined) called.add(route);
    return callRoute(method, path, body);
  };
  // Whole-instance control first, while the state is small: what follows builds on it.
  await call('POST', '/test_helpers/reset');
  const snapshot = await call('GET', '/test_helpers/snapshot');
  await call('POST', '/test_helpers/snapshot', snapshot);
  await call('POST', '/test_helpers/snapshot', { ...snapshot, version: 99 });
  await call('POST', '/test_helpers/clock/set', { now: '2025-03-01T13:00:00.000Z' });
  await call('POST', '/test_helpers/clock/set', { now: '2000-01-01T00:00:00.000Z' });
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
  await call('POST', '/test_helpers/triggers', { type: 'order.failed', overrides: { reference_id: 'trig' } });
  await call('POST', '/test_helpers/triggers', { type: 'refund.created', overrides: { nope: 1 } });
  for (const action of ['capture', 'fail']) {
    const waiting = await call(
      'POST',
      '/checkout',
      checkoutRequest(['sku-tissue'], { reference_id: action }),
    );
    const waitingId = String(Object(waiting['data'])['checkout_id']);
    const authorized = await call('POST', `/test_helpers/checkout/${waitingId}/pay`, {
      card_number: '4000000000000200',
    });
    const authorizedId = String(Object(authorized['order'])['id']);
    await call(
      'POST',
      `/test_helpers/orders/${authorizedId}/${action}`,
      action === 'fail' ? { reason: 'x' } : {},
    );
    await call('POST', `/test_helpers/orders/${authorizedId}/${action}`, {});
  }
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
  const events = await call('GET', '/test_helpers/events?limit=100');
  const [event] = events['data'] as { id: string }[];
  await call('GET', `/test_helpers/events/${String(event?.id)}`);
  await call('GET', '/test_helpers/events/evt_unknown');
  const rule = await call('POST', '/test_helpers/faults', {
    match: { operation: 'listOrders' },
    fault: { status: 503 },
  });
  await call('POST', '/test_helpers/faults', { fault: { status: 418 } });
  await call('GET', '/test_helpers/faults');
  await call('DELETE', `/test_helpers/faults/${String(rule['id'])}`);
  await call('DELETE', `/test_helpers/faults/${String(rule['id'])}`);
  await call('POST', '/test_helpers/faults', { fault: { network: 'reset' }, times: null });
  await call('DELETE', '/test_helpers/faults');
  await call('GET', '/test_helpers/requests?limit=5&method=POST');
  await call('GET', '/test_helpers/requests?starting_after=req_unknown');
  await call('GET', '/test_helpers/coverage?scope=server');
  await call('DELETE', '/test_helpers/coverage?scope=nowhere');
  await call('DELETE', '/test_helpers/coverage');
  await call('POST', '/test_helpers/future', { fields: 'on' });
  await call('POST', '/test_helpers/future', {});
  await call('GET', '/test_helpers/future');
  await call('GET', '/healthz');
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
  await call('POST', '/test_helpers/merchants', { name: 'Second' });
  await call('GET', '/test_helpers/merchants/current');
  await call('DELETE', '/test_helpers/merchants/current');
  await call('GET', '/openapi.json');
  await callTheRest(callRoute, called);
}

/** Each route of the table as `[operation id, row, what its paths match]`. */
const ROWS = (Object.entries(ROUTES) as [OperationId, Route][]).map(
  ([id, route]) => [id, route, new RegExp(`^${route.path.replace(/\{[^}]+\}/g, '[^/]+')}$`)] as const,
);

/** The operation id of the route a request reaches, if any. */
const routeOf = (method: string, path: string): OperationId | undefined =>
  ROWS.find(([, route, pattern]) => route.method === method && pattern.test(path.split('?')[0] ?? path))?.[0];

/**
 * Calls each operation the scenario above does not call by name with its route table example (a
 * path's id one nobody issued, so an endpoint on an object answers its documented refusal): a new
 * endpoint is exercised and checked against the document before the scenario names it.
 */
async function callTheRest(call: CallRoute, called: ReadonlySet<string>): Promise<void> {
  const ids = { orderId: 'ord_unknown', customerId: 'cus_unknown', paymentMethodId: 'pm_unknown' };
  for (const [id, route] of ROWS) {
    if (called.has(id)) continue;
    const path = route.path.replace(/\{[^}]+\}/g, 'unknown');
    const query = route.example.query === undefined ? '' : `?${new URLSearchParams(route.example.query)}`;
    const body = route.example.body === undefined ? undefined : fillExample(route.example.body, ids);
    await call(route.method, `${path}${query}`, body);
  }
}
