import type { CheckoutSession } from '@glm/domain';
import type { MockService, MockServiceOptions } from '../../src/index.ts';
import { createMockService } from '../../src/index.ts';
import { checkoutRequest, eligibleProduct, regularProduct } from './fixtures.ts';

/** The origin the pages are served from in these tests. */
const BASE = 'http://127.0.0.1:4010';
/** The dashboard token of {@link pagesService}. */
export const DASHBOARD_TOKEN = 'dash-token-for-tests';

/** A service with one eligible (`sku-ibuprofen`) and one regular (`sku-tissue`) product. */
export function pagesService(options: MockServiceOptions = {}): MockService {
  return createMockService({
    baseUrl: BASE,
    now: '2025-03-01T12:00:00.000Z',
    rateLimit: false,
    dashboardToken: DASHBOARD_TOKEN,
    seed: { products: [eligibleProduct(), regularProduct()] },
    ...options,
  });
}

/** Calls the API with a key (default: the service's test key) and answers status and JSON body. */
export async function api(
  service: MockService,
  method: string,
  path: string,
  body?: unknown,
  key: string = service.keys.test,
): Promise<{ readonly status: number; readonly body: unknown }> {
  const response = await service.handle(
    new Request(`${BASE}${path}`, {
      method,
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    }),
  );
  return { status: response.status, body: await response.json() };
}

/** Creates a checkout session for merchant product ids through the API (test mode unless `key` says otherwise). */
export async function createSession(
  service: MockService,
  productIds: readonly string[],
  overrides: Record<string, unknown> = {},
  key?: string,
): Promise<CheckoutSession> {
  const created = await api(service, 'POST', '/api/v2/checkout', checkoutRequest(productIds, overrides), key);
  if (created.status !== 201) throw new Error(`checkout creation answered ${created.status}`);
  return (created.body as { data: CheckoutSession }).data;
}

/** GETs a page (an absolute URL or a path). */
export function getPage(
  service: MockService,
  url: string,
  headers: Record<string, string> = {},
): Promise<Response> {
  return service.handle(new Request(new URL(url, BASE), { headers }));
}

/** POSTs a form to a page, from the page's own origin unless `headers` say otherwise. */
export function postForm(
  service: MockService,
  url: string,
  fields: Record<string, string | readonly string[]>,
  headers: Record<string, string> = {},
): Promise<Response> {
  const form = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) {
    for (const one of typeof value === 'string' ? [value] : value) form.append(name, one);
  }
  return service.handle(
    new Request(new URL(url, BASE), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: BASE, ...headers },
      body: form.toString(),
    }),
  );
}

/** The `action` of the first form on a page whose button says `label` (the pay form's or its cancel button's). */
export function formAction(page: string, kind: 'pay' | 'cancel'): string {
  const pattern = kind === 'pay' ? /<form method="post" action="([^"]+)"/ : /formaction="([^"]+)"/;
  const found = pattern.exec(page)?.[1];
  if (found === undefined) throw new Error(`no ${kind} action on the page`);
  return found.replaceAll('&amp;', '&');
}

/** The value of one `data-amount` element of the checkout page, in cents. */
export function pageAmount(page: string, name: string): number | undefined {
  const found = new RegExp(`data-amount="${name}" data-cents="(\\d+)"`).exec(page)?.[1];
  return found === undefined ? undefined : Number(found);
}
