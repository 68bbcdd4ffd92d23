import fc from 'fast-check';
import { expect, test } from 'vitest';
import { DASHBOARD_ACTIONS } from '../../src/pages/dashboard/actions.ts';
import { DASHBOARD_PAGES } from '../../src/pages/dashboard/pages.ts';
import { api, createSession, DASHBOARD_TOKEN, getPage, pagesService, postForm } from '../support/page-kit.ts';

/** Logs in with the token and answers the cookie header the dashboard set. */
async function login(service: ReturnType<typeof pagesService>): Promise<Record<string, string>> {
  const response = await getPage(service, `/dashboard?mode=test&token=${DASHBOARD_TOKEN}`);
  const cookie = response.headers.get('set-cookie') ?? '';
  return { cookie: cookie.split(';')[0] ?? '' };
}

/** Pays a monthly subscription checkout; answers the session and its order. */
async function paidSubscription(service: ReturnType<typeof pagesService>) {
  const session = await createSession(service, ['sku-ibuprofen'], {
    payment_type: 'subscription',
    subscription: { interval: 'monthly' },
  });
  const { order } = await service.payCheckout(session.checkout_id);
  return { session, order };
}

const secretOf = (page: string): string =>
  /<code class="secret" data-secret>([^<]+)<\/code>/.exec(page)?.[1] ?? '';

test('without the token, or with a wrong one, the dashboard is a 403 page', async () => {
  const service = pagesService();
  for (const path of ['/dashboard', '/dashboard?token=nope']) {
    const response = await getPage(service, path);
    expect(response.status, path).toBe(403);
  }
  expect((await getPage(service, '/dashboard', { cookie: 'glm_dashboard=nope' })).status).toBe(403);
});

test('the token sets an HttpOnly SameSite cookie and leaves the address; the cookie then admits', async () => {
  const service = pagesService();
  const response = await getPage(service, `/dashboard?mode=live&token=${DASHBOARD_TOKEN}`);
  expect(response.status).toBe(303);
  expect(response.headers.get('location')).toBe('/dashboard?mode=live');
  expect(response.headers.get('set-cookie')).toMatch(
    /^glm_dashboard=[^;]+; Path=\/dashboard; HttpOnly; SameSite=Strict$/,
  );
  const page = await getPage(service, '/dashboard', await login(service));
  expect(page.status).toBe(200);
  expect(page.headers.get('x-frame-options')).toBe('DENY');
  expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
});

test('the generated dashboard token is the one the service reports', async () => {
  const service = pagesService({ dashboardToken: undefined as never });
  const { dashboardToken } = service;
  expect(dashboardToken).toMatch(/^[A-Za-z0-9]{32}$/);
  expect((await getPage(service, `/dashboard?token=${dashboardToken}`)).status).toBe(303);
});

test('a browser that withholds the Origin is admitted only when it says the POST is same-origin', async () => {
  const service = pagesService();
  const cookie = await login(service);
  const fields = { name: 'Null-origin key', key_mode: 'test' };
  const crossSite = await postForm(service, '/dashboard/api-keys', fields, {
    ...cookie,
    origin: 'null',
    'sec-fetch-site': 'same-site',
  });
  expect(crossSite.status).toBe(403);
  const sameOrigin = await postForm(service, '/dashboard/api-keys', fields, {
    ...cookie,
    origin: 'null',
    'sec-fetch-site': 'same-origin',
  });
  expect(sameOrigin.status).toBe(303);
});

test('a form POST from another origin is refused even with the cookie', async () => {
  const service = pagesService();
  const cookie = await login(service);
  for (const origin of ['http://127.0.0.1:9999', 'null']) {
    const response = await postForm(
      service,
      '/dashboard/api-keys',
      { name: 'Forged key', key_mode: 'test' },
      { ...cookie, origin },
    );
    expect(response.status, origin).toBe(403);
  }
  expect(await (await getPage(service, '/dashboard', cookie)).text()).not.toContain('Forged key');
});

test('a key created on the dashboard is shown once and works; revoked, the API refuses it at once', async () => {
  const service = pagesService();
  const cookie = await login(service);
  const created = await postForm(
    service,
    '/dashboard/api-keys',
    { name: 'CI key', key_mode: 'test', mode: 'test' },
    cookie,
  );
  expect(created.status).toBe(303);
  const shown = await getPage(service, created.headers.get('location') ?? '', cookie);
  const key = secretOf(await shown.text());
  const again = await getPage(service, created.headers.get('location') ?? '', cookie);
  expect(await again.text()).not.toContain(key);
  expect((await api(service, 'GET', '/api/v2/products', undefined, key)).status).toBe(200);
  const listing = await (await getPage(service, '/dashboard', cookie)).text();
  expect(listing).toContain('CI key');
  expect(listing).not.toContain(key);
  const id = /glm_test_([A-Za-z0-9]{16})\./.exec(key)?.[1] ?? '';
  const revoked = await postForm(service, `/dashboard/api-keys/${id}/revoke`, { mode: 'test' }, cookie);
  expect(revoked.status).toBe(303);
  expect((await api(service, 'GET', '/api/v2/products', undefined, key)).status).toBe(401);
});

test('an endpoint registered on the dashboard shows its secret once and is listed by the admin route', async () => {
  const service = pagesService();
  const cookie = await login(service);
  const response = await postForm(
    service,
    '/dashboard/webhook-endpoints',
    { url: 'https://hooks.example/glm', events: ['order.created', 'order.completed'], mode: 'test' },
    cookie,
  );
  expect(response.status).toBe(303);
  const shown = await getPage(service, response.headers.get('location') ?? '', cookie);
  expect(secretOf(await shown.text())).toMatch(/^whsec_/);
  const listed = await api(service, 'GET', '/v2/test_helpers/webhook_endpoints');
  expect(listed.body).toMatchObject({
    data: [{ url: 'https://hooks.example/glm', events: ['order.created', 'order.completed'] }],
  });
});

test('an endpoint registered on the dashboard with a chosen secret signs with it; a malformed one is refused', async () => {
  const service = pagesService();
  const cookie = await login(service);
  const secret = `whsec_${'Z9'.repeat(16)}`;
  const form = { url: 'https://hooks.example/glm', events: '*', mode: 'test' };
  const response = await postForm(service, '/dashboard/webhook-endpoints', { ...form, secret }, cookie);
  expect(response.status).toBe(303);
  const shown = await getPage(service, response.headers.get('location') ?? '', cookie);
  expect(secretOf(await shown.text())).toBe(secret);
  const refused = await postForm(
    service,
    '/dashboard/webhook-endpoints',
    { ...form, secret: 'whsec_nope' },
    cookie,
  );
  expect(refused.status).toBe(400);
  expect(await refused.text()).toContain('secret');
  expect(service.listWebhookEndpoints()).toHaveLength(1);
});

test('the requests page shows the warning of a checkout whose line items match no catalog product', async () => {
  const service = pagesService();
  const cookie = await login(service);
  const session = await createSession(service, ['sku-ibuprofen', 'thermometer']);
  const text = await (await getPage(service, '/dashboard/requests?mode=test', cookie)).text();
  expect(session.line_items[1]?.is_hsa_fsa_eligible).toBe(false);
  expect(text).toMatch(
    /<tr data-warning-of="req_[^"]+"><td colspan="8">[^<]*<span class="badge regular">warning<\/span> line item product_id &quot;thermometer&quot; matches no catalog product/,
  );
});

test('a refused action shows the route error on the dashboard and changes nothing', async () => {
  const service = pagesService();
  const cookie = await login(service);
  const response = await postForm(
    service,
    '/dashboard/webhook-endpoints',
    { url: 'not a url', events: '*', mode: 'test' },
    cookie,
  );
  expect(response.status).toBeGreaterThanOrEqual(400);
  expect(await response.text()).toContain('class="alert error"');
  expect(service.listWebhookEndpoints()).toHaveLength(0);
});

test('the clock control advances the server clock, and expiries fall due', async () => {
  const service = pagesService();
  const cookie = await login(service);
  const session = await createSession(service, ['sku-ibuprofen']);
  const before = service.clock.now().getTime();
  const response = await postForm(
    service,
    '/dashboard/clock/advance',
    { duration: '25h', mode: 'test' },
    cookie,
  );
  expect(response.status).toBe(303);
  expect(service.clock.now().getTime() - before).toBe(25 * 3_600_000);
  const page = await (await getPage(service, '/dashboard?mode=test', cookie)).text();
  expect(page).toContain(session.checkout_id);
  expect(page).toMatch(/<span class="badge expired">expired<\/span>/);
  expect(service.events({ type: 'checkout.expired' })).toHaveLength(1);
});

test('the event log filters by type', async () => {
  const service = pagesService();
  const cookie = await login(service);
  const session = await createSession(service, ['sku-ibuprofen']);
  await service.payCheckout(session.checkout_id);
  const page = await (await getPage(service, '/dashboard?mode=test&event_type=order.created', cookie)).text();
  const types = [...page.matchAll(/data-event-type="([^"]+)"/g)].map((match) => match[1]);
  expect(types).toEqual(['order.created']);
});

test('dashboard pages other than the known ones are 404, and actions refuse GET', async () => {
  const service = pagesService();
  const cookie = await login(service);
  expect((await getPage(service, '/dashboard/nope', cookie)).status).toBe(404);
  expect((await getPage(service, '/dashboard/api-keys', cookie)).status).toBe(405);
});

test('a detail view of an unknown or malformed id is a 404 that says which id it did not find', async () => {
  const service = pagesService();
  const cookie = await login(service);
  for (const [path, text] of [
    ['/dashboard/orders/ord_nope', 'There is no order ord_nope'],
    ['/dashboard/checkouts/cs_nope', 'There is no checkout session cs_nope'],
    ['/dashboard/orders/%E0%A4%A', 'The dashboard has no page at this address.'],
  ] as const) {
    const response = await getPage(service, path, cookie);
    expect(response.status, path).toBe(404);
    expect(await response.text(), path).toContain(text);
  }
  const bad = await getPage(service, '/dashboard/webhook-deliveries?status=%3Cb%3E', cookie);
  expect(bad.status).toBe(400);
  const text = await bad.text();
  expect(text).toContain('There is no delivery status “&lt;b&gt;”');
  expect(text).not.toContain('<b>');
});

test('the detail views escape what shoppers and merchants typed', async () => {
  const service = pagesService();
  const cookie = await login(service);
  const session = await createSession(service, ['sku-ibuprofen'], {
    reference_id: '<script>alert(1)</script>',
    customer: { email: 'eve@example.com', first_name: '<img src=x onerror=alert(1)>', last_name: 'E' },
  });
  const { order } = await service.payCheckout(session.checkout_id);
  for (const path of [`/dashboard/checkouts/${session.checkout_id}`, `/dashboard/orders/${order?.id}`]) {
    const page = await (await getPage(service, path, cookie)).text();
    expect(page, path).not.toMatch(/<script>alert|<img src=x/);
    expect(page, path).toContain('&lt;img src=x onerror=alert(1)&gt;');
  }
});

test('cancelling a subscription: a forged origin is refused, a missing choice and an unknown id say why', async () => {
  const service = pagesService();
  const cookie = await login(service);
  const { order } = await paidSubscription(service);
  const id = order?.subscription_id ?? '';
  const path = `/dashboard/subscriptions/${id}/cancel`;
  const forged = await postForm(
    service,
    path,
    { when: 'now', mode: 'test' },
    { ...cookie, origin: 'http://127.0.0.1:1' },
  );
  expect(forged.status).toBe(403);
  const noChoice = await postForm(service, path, { mode: 'test' }, cookie);
  expect(noChoice.status).toBe(400);
  expect(await noChoice.text()).toContain('Choose when the subscription ends');
  const unknown = await postForm(
    service,
    '/dashboard/subscriptions/sub_nope/cancel',
    { when: 'now', mode: 'test' },
    cookie,
  );
  expect(unknown.status).toBe(404);
  expect(await unknown.text()).toContain('class="alert error"');
  const cancelled = await postForm(
    service,
    path,
    { when: 'now', mode: 'test', return_to: `/dashboard/orders/${order?.id}` },
    cookie,
  );
  expect(cancelled.status).toBe(303);
  expect(cancelled.headers.get('location')).toBe(
    `/dashboard/orders/${order?.id}?mode=test&notice=subscription_cancelled`,
  );
  const again = await postForm(service, path, { when: 'now', mode: 'test' }, cookie);
  expect(again.status).toBe(409);
  expect(await again.text()).toContain('class="alert error"');
});

test('an action comes back only to a dashboard page, never to another address', async () => {
  const service = pagesService();
  const cookie = await login(service);
  for (const returnTo of ['https://evil.example/dashboard', '//evil.example', '/dashboard/../checkout/x']) {
    const response = await postForm(
      service,
      '/dashboard/webhooks/flush',
      { mode: 'test', return_to: returnTo },
      cookie,
    );
    expect(response.headers.get('location'), returnTo).toBe('/dashboard?mode=test&notice=webhooks_flushed');
  }
});

test('resending an unknown delivery says so on the page it came from', async () => {
  const service = pagesService();
  const cookie = await login(service);
  const response = await postForm(
    service,
    '/dashboard/webhook-deliveries/whdel_nope/resend',
    { mode: 'test', return_to: '/dashboard/webhook-deliveries' },
    cookie,
  );
  expect(response.status).toBe(404);
  const page = await response.text();
  expect(page).toContain('class="alert error"');
  expect(page).toContain('<h1>Webhook deliveries</h1>');
});

test('the dashboard may fetch only its own origin, and its script and stylesheet are static files', async () => {
  const service = pagesService();
  const cookie = await login(service);
  const page = await getPage(service, '/dashboard/refunds', cookie);
  expect(page.headers.get('content-security-policy')).toContain("connect-src 'self'");
  expect(page.headers.get('content-security-policy')).toContain("script-src 'self';");
  for (const path of ['/dashboard/assets/live.js', '/dashboard/assets/dashboard.css']) {
    const asset = await getPage(service, path);
    expect(asset.status, path).toBe(200);
    expect(asset.headers.get('x-content-type-options'), path).toBe('nosniff');
  }
});

test('an authorized order waits on its page with a capture and a fail button, each a test helper', async () => {
  const service = pagesService();
  const cookie = await login(service);
  const orders: string[] = [];
  for (const reference of ['capture', 'fail']) {
    const session = await createSession(service, ['sku-tissue'], { reference_id: reference });
    const { order } = await service.payCheckout(session.checkout_id, { card_number: '4000000000000200' });
    orders.push(order?.id ?? '');
  }
  const [toCapture = '', toFail = ''] = orders;
  const page = await (await getPage(service, `/dashboard/orders/${toCapture}?mode=test`, cookie)).text();
  expect(page).toContain('Waiting for capture');
  expect(page).toContain(`action="/dashboard/orders/${toCapture}/capture"`);
  expect(page).toContain(`action="/dashboard/orders/${toCapture}/fail"`);
  const captured = await postForm(
    service,
    `/dashboard/orders/${toCapture}/capture`,
    { mode: 'test', return_to: `/dashboard/orders/${toCapture}` },
    cookie,
  );
  expect(captured.headers.get('location')).toBe(
    `/dashboard/orders/${toCapture}?mode=test&notice=order_captured`,
  );
  expect((await api(service, 'GET', `/v2/orders/${toCapture}`)).body).toMatchObject({ status: 'completed' });
  const after = await (await getPage(service, `/dashboard/orders/${toCapture}?mode=test`, cookie)).text();
  expect(after).not.toContain('Waiting for capture');
  const again = await postForm(service, `/dashboard/orders/${toCapture}/capture`, { mode: 'test' }, cookie);
  expect(again.status).toBe(409);
  const failed = await postForm(service, `/dashboard/orders/${toFail}/fail`, { mode: 'test' }, cookie);
  expect(failed.status).toBe(303);
  expect((await api(service, 'GET', `/v2/orders/${toFail}`)).body).toMatchObject({ status: 'failed' });
  expect(service.events({ type: 'order.failed' })).toHaveLength(1);
});

test('no dashboard address, id, query or form answers 5xx to a logged-in merchant', async () => {
  const service = pagesService();
  const cookie = await login(service);
  const { session, order } = await paidSubscription(service);
  const ids = [session.checkout_id, order?.id ?? '', order?.subscription_id ?? '', 'x', '%', '%E0%A4%A', ''];
  // Every page and form action of the dashboard's tables, and an address past a page's.
  const paths = [
    ...new Set([...DASHBOARD_PAGES, ...DASHBOARD_ACTIONS].map((route) => route.path)),
    '/dashboard/orders/:id/x',
  ];
  expect(paths).toContain('/dashboard/orders/:id/capture');
  const text = fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom('now', 'period_end', 'live', 'test'));
  await fc.assert(
    fc.asyncProperty(
      fc.constantFrom('GET', 'POST', 'HEAD'),
      fc.constantFrom(...paths),
      fc.oneof(fc.constantFrom(...ids), fc.string({ maxLength: 6 })),
      fc.dictionary(fc.constantFrom('mode', 'status', 'event_type', 'when', 'return_to'), text),
      async (method, path, id, fields) => {
        const url = path.replace(':id', id.startsWith('%') ? id : encodeURIComponent(id));
        const response =
          method === 'POST'
            ? await postForm(service, url, fields, cookie)
            : await getPage(service, `${url}?${new URLSearchParams(fields)}`, cookie);
        expect(response.status, `${method} ${url}`).toBeLessThan(500);
      },
    ),
    { numRuns: 150 },
  );
});

test('the requests page lists the fault rules, each removable, and the journal with the faults that struck', async () => {
  const service = pagesService();
  const cookie = await login(service);
  const rule = service.faults.add({
    match: { method: 'GET', path: '/v2/orders' },
    fault: { status: 503 },
    times: 2,
  });
  expect((await api(service, 'GET', '/v2/orders')).status).toBe(503);
  const page = await getPage(service, '/dashboard/requests?mode=test', cookie);
  expect(page.status).toBe(200);
  const text = await page.text();
  expect(text).toContain(`data-fault-id="${rule.id}"`);
  expect(text).toContain('GET /v2/orders');
  expect(text).toContain('503 service_unavailable');
  expect(text).toMatch(/\/v2\/orders<\/td>\s*<td>listOrders<\/td><td class="num">503<\/td>/);
  expect(text).toContain(`fault ${rule.id}`);
  expect(text).not.toContain(service.keys.test);
  // The client that sent a request, as its x-glm-client header names it; a request without one shows a dash.
  const sdk = '@glm/sdk/9.9.9 (node/20.0.0)';
  await service.handle(
    new Request('http://localhost/v2/products', {
      headers: { authorization: `Bearer ${service.keys.test}`, 'x-glm-client': sdk },
    }),
  );
  const withClient = await (await getPage(service, '/dashboard/requests?mode=test', cookie)).text();
  expect(withClient).toMatch(
    /\/v2\/products<\/td>[\s\S]*?<td class="mono">@glm\/sdk\/9\.9\.9 \(node\/20\.0\.0\)<\/td>/,
  );
  expect(withClient).toMatch(/\/v2\/orders<\/td>[\s\S]*?<td class="mono">—<\/td>/);
  const removed = await postForm(
    service,
    `/dashboard/faults/${rule.id}/delete`,
    { mode: 'test', return_to: '/dashboard/requests' },
    cookie,
  );
  expect(removed.status).toBe(303);
  expect(removed.headers.get('location')).toBe('/dashboard/requests?mode=test&notice=fault_removed');
  expect(service.faults.list()).toEqual([]);
  expect((await api(service, 'GET', '/v2/orders')).status).toBe(200);
  const again = await postForm(service, `/dashboard/faults/${rule.id}/delete`, { mode: 'test' }, cookie);
  expect(again.status).toBe(404);
});
