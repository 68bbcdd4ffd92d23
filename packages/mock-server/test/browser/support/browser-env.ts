import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { CheckoutSession, Order, PaymentLink } from '@glm/domain';
import { type RunningServer, startServer } from '../../../src/adapters/node.ts';
import { checkoutRequest, eligibleProduct, regularProduct } from '../../support/fixtures.ts';

/** Where screenshots go: `test-results/` at the repository root (gitignored). */
const SCREENSHOTS = fileURLToPath(new URL('../../../../../test-results/', import.meta.url));

/** The path of a screenshot, creating the folder when needed. */
export function screenshotPath(name: string): string {
  mkdirSync(SCREENSHOTS, { recursive: true });
  return `${SCREENSHOTS}${name}.png`;
}

/** Where the screenshots shown in the docs go: `docs/screenshots/` at the repository root. */
const DOCS_SCREENSHOTS = fileURLToPath(new URL('../../../../../docs/screenshots/', import.meta.url));

/**
 * The path of a screenshot the docs show: in `docs/screenshots/` when `GLM_DOCS_SCREENSHOTS=1` (to
 * refresh them on purpose), otherwise with the other screenshots in `test-results/`.
 */
export function docsScreenshotPath(name: string): string {
  if (process.env['GLM_DOCS_SCREENSHOTS'] !== '1') return screenshotPath(name);
  mkdirSync(DOCS_SCREENSHOTS, { recursive: true });
  return `${DOCS_SCREENSHOTS}${name}.png`;
}

/** The dashboard token of {@link startMockServer}. */
export const DASHBOARD_TOKEN = 'browser-test-dashboard-token';

/** The standalone server with one eligible (`sku-ibuprofen`) and one regular (`sku-tissue`) product. */
export function startMockServer(): Promise<RunningServer> {
  return startServer({
    port: 0,
    rateLimit: false,
    dashboardToken: DASHBOARD_TOKEN,
    seed: { products: [eligibleProduct(), regularProduct()] },
  });
}

/** Calls the standalone server's API with its test key (or `key`) and answers status and JSON body. */
export async function callApi(
  server: RunningServer,
  method: string,
  path: string,
  body?: unknown,
  key: string = server.service.keys.test,
): Promise<{ readonly status: number; readonly body: unknown }> {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: await response.json() };
}

/** Creates a test-mode checkout session over HTTP. */
export async function createCheckout(
  server: RunningServer,
  productIds: readonly string[],
  overrides: Record<string, unknown> = {},
): Promise<CheckoutSession> {
  const created = await callApi(server, 'POST', '/api/v2/checkout', checkoutRequest(productIds, overrides));
  if (created.status !== 201)
    throw new Error(`checkout creation answered ${created.status}: ${JSON.stringify(created.body)}`);
  return (created.body as { data: CheckoutSession }).data;
}

/** Creates a test-mode payment link over HTTP (`body` overrides the one-time $25.00 default). */
export async function createPaymentLink(
  server: RunningServer,
  body: Record<string, unknown>,
): Promise<PaymentLink> {
  const created = await callApi(server, 'POST', '/v2/payment-links', {
    amount_cents: 2500,
    currency: 'USD',
    description: 'Physio session',
    ...body,
  });
  if (created.status !== 201)
    throw new Error(`payment link creation answered ${created.status}: ${JSON.stringify(created.body)}`);
  return created.body as PaymentLink;
}

/** The orders of one checkout session, read over HTTP. */
export async function ordersOf(server: RunningServer, checkoutId: string): Promise<readonly Order[]> {
  const listed = await callApi(server, 'GET', `/v2/orders?limit=100`);
  const orders = (listed.body as { data: Order[] }).data;
  return orders.filter((order) => order.checkout_id === checkoutId);
}
