import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { RunningServer } from '../../src/adapters/node.ts';
import { DASHBOARD_PAGES } from '../../src/pages/dashboard/pages.ts';
import {
  callApi,
  createCheckout,
  DASHBOARD_TOKEN,
  docsScreenshotPath,
  startMockServer,
} from './support/browser-env.ts';
import { launchChromium, SKIP_BROWSER, type TestBrowser } from './support/chromium.ts';
import { axeViolations, watchProblems } from './support/page-checks.ts';
import { startSite, type TestSite } from './support/static-site.ts';

let server: RunningServer;
let receiver: TestSite;
let browser: TestBrowser;
let page: Page;
let problems: string[];
/** A paid split-cart subscription order with a refund and a dispute, its session and its subscription. */
let orderId: string;
let checkoutId: string;
let subscriptionId: string;

interface Paid {
  readonly order: { id: string; subscription_id: string | null };
}

/** Pays a one-item subscription checkout with the default test card and answers its order. */
async function paidSubscriptionOrder(interval: string): Promise<Paid['order']> {
  const session = await createCheckout(server, ['sku-ibuprofen'], {
    payment_type: 'subscription',
    subscription: { interval },
  });
  const paid = await callApi(server, 'POST', `/v2/test_helpers/checkout/${session.checkout_id}/pay`, {});
  return (paid.body as Paid).order;
}

beforeAll(async () => {
  if (SKIP_BROWSER) return;
  [server, receiver, browser] = await Promise.all([
    startMockServer(),
    startSite(() => ({})),
    launchChromium(),
  ]);
  await callApi(server, 'POST', '/v2/test_helpers/webhook_endpoints', {
    url: `${receiver.origin}/hook`,
    events: ['*'],
  });
  const session = await createCheckout(server, ['sku-ibuprofen', 'sku-tissue'], {
    reference_id: 'cart-<b>42</b>',
    payment_type: 'subscription',
    subscription: { interval: 'monthly' },
  });
  checkoutId = session.checkout_id;
  const paid = await callApi(server, 'POST', `/v2/test_helpers/checkout/${checkoutId}/pay`, {
    card_number: '4242424242424242',
    hsa_card_number: '4111111111111111',
  });
  const { order } = paid.body as Paid;
  orderId = order.id;
  subscriptionId = order.subscription_id ?? '';
  const refund = await callApi(server, 'POST', '/api/v2/refunds', {
    order_id: orderId,
    amount_cents: 500,
    reason: 'customer_request',
  });
  expect(refund.status).toBe(201);
  expect((await callApi(server, 'POST', `/v2/test_helpers/orders/${orderId}/dispute`, {})).status).toBe(201);
  await callApi(server, 'POST', '/v2/test_helpers/webhooks/flush', {});
  page = await browser.context.newPage();
  problems = await watchProblems(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`${server.url}/dashboard?token=${DASHBOARD_TOKEN}`);
});

afterAll(async () => {
  if (SKIP_BROWSER) return;
  await Promise.all([browser.close(), server.close(), receiver.close()]);
});

const section = (name: string) => page.getByRole('region', { name, exact: true });

test.skipIf(SKIP_BROWSER)(
  'an order opens into its detail view: customer, items, amounts per card, history, payment, refunds, disputes, subscription, events and deliveries',
  async () => {
    await page.goto(`${server.url}/dashboard`);
    await page.locator(`tr[data-order-id="${orderId}"]`).getByRole('link', { name: orderId }).click();
    await page.waitForURL(`**/dashboard/orders/${orderId}?mode=test`);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toMatch(/^Order /);
    await expect(section('Customer').textContent()).resolves.toContain('Ada Lovelace');
    await expect(section('Customer').textContent()).resolves.toContain('ada@example.com');
    const items = await section('Items').textContent();
    expect(items).toContain('Item sku-ibuprofen');
    expect(items).toContain('Item sku-tissue');
    const order = (await callApi(server, 'GET', `/api/v2/orders/${orderId}`)).body as {
      amounts: { hsa_fsa_amount_cents: number; regular_amount_cents: number };
      payment: { last4: string };
    };
    const amounts = section('Amounts');
    await expect(amounts.locator('[data-amount="hsa_fsa"]').textContent()).resolves.toBe(
      `$${(order.amounts.hsa_fsa_amount_cents / 100).toFixed(2)}`,
    );
    await expect(amounts.locator('[data-amount="regular"]').textContent()).resolves.toBe(
      `$${(order.amounts.regular_amount_cents / 100).toFixed(2)}`,
    );
    await expect(section('Status history').locator('li').count()).resolves.toBeGreaterThan(0);
    await expect(section('Payment').textContent()).resolves.toContain(order.payment.last4);
    await expect(section('Refunds').locator('tr[data-refund-id]').count()).resolves.toBe(1);
    await expect(section('Disputes').locator('tr[data-dispute-id]').count()).resolves.toBe(1);
    await expect(section('Subscription').textContent()).resolves.toContain(subscriptionId);
    const events = section('Events and webhook deliveries');
    for (const type of ['order.created', 'refund.created', 'dispute.created']) {
      const event = events.getByRole('article', { name: type, exact: true });
      await expect(event.locator('tr[data-delivery-id]').count(), type).resolves.toBeGreaterThan(0);
    }
    await page.screenshot({ path: docsScreenshotPath('dashboard-order-detail'), fullPage: true });
  },
);

test.skipIf(SKIP_BROWSER)(
  'a checkout session opens into its detail view, with its order, amounts per card and events',
  async () => {
    await page.goto(`${server.url}/dashboard`);
    await page
      .locator(`tr[data-checkout-id="${checkoutId}"]`)
      .getByRole('link', { name: checkoutId })
      .click();
    await page.waitForURL(`**/dashboard/checkouts/${checkoutId}?mode=test`);
    // The merchant's reference is shown as text, never as markup.
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(
      'Checkout session cart-<b>42</b>',
    );
    await expect(section('Summary').getByRole('link', { name: orderId }).count()).resolves.toBe(1);
    await expect(section('Amounts').locator('[data-amount="hsa_fsa"]').textContent()).resolves.toMatch(/^\$/);
    await expect(section('Status history').textContent()).resolves.toContain('paid');
    await expect(
      section('Events and webhook deliveries').getByRole('article', { name: 'order.completed' }).count(),
    ).resolves.toBe(1);
  },
);

test.skipIf(SKIP_BROWSER)('the refunds and disputes views list them, each linking to its order', async () => {
  for (const [label, row] of [
    ['Refunds', 'tr[data-refund-id]'],
    ['Disputes', 'tr[data-dispute-id]'],
  ] as const) {
    await page.goto(`${server.url}/dashboard`);
    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: label }).click();
    // The view is another page: wait for its first row before counting (count() does not wait).
    await page.locator(row).first().waitFor();
    await expect(page.locator(row).count(), label).resolves.toBe(1);
    await page.locator(row).getByRole('link', { name: orderId }).click();
    await page.waitForURL(`**/dashboard/orders/${orderId}?mode=test`);
  }
});

test.skipIf(SKIP_BROWSER)(
  'the subscriptions view cancels at period end, then at once, through the service',
  async () => {
    const read = async () =>
      (await callApi(server, 'GET', `/v2/test_helpers/subscriptions/${subscriptionId}`)).body as {
        status: string;
        cancel_at_period_end: boolean;
      };
    await page.goto(`${server.url}/dashboard/subscriptions?mode=test`);
    const row = page.locator(`tr[data-subscription-id="${subscriptionId}"]`);
    await row.getByLabel(/At the end of the period/).check();
    await row.getByRole('button', { name: 'Cancel subscription' }).click();
    await page.waitForURL('**/dashboard/subscriptions?mode=test&notice=subscription_ends');
    await expect(read()).resolves.toMatchObject({ status: 'active', cancel_at_period_end: true });
    await expect(page.getByRole('status').textContent()).resolves.toContain('end of its current period');
    await row.getByLabel('At once').check();
    await row.getByRole('button', { name: 'Cancel subscription' }).click();
    await page.waitForURL('**/dashboard/subscriptions?mode=test&notice=subscription_cancelled');
    await expect(read()).resolves.toMatchObject({ status: 'cancelled' });
    await expect(row.getAttribute('data-status')).resolves.toBe('cancelled');
    await expect(row.getByRole('button').count()).resolves.toBe(0);
  },
);

test.skipIf(SKIP_BROWSER)(
  'the requests page removes a fault rule with its button, and the journal shows the request it faulted',
  async () => {
    const rule = server.service.faults.add({ match: { operation: 'listOrders' }, fault: { status: 503 } });
    const faulted = await fetch(`${server.url}/v2/orders`, {
      headers: { authorization: `Bearer ${server.service.keys.test}` },
    });
    expect(faulted.status).toBe(503);
    server.service.faults.add({ match: { operation: 'listOrders' }, fault: { status: 500 }, times: null });
    await page.goto(`${server.url}/dashboard/requests?mode=test`);
    await expect(page.getByText(`fault ${rule.id}`).count()).resolves.toBe(1);
    const [left] = server.service.faults.list();
    await page.getByRole('button', { name: `Remove fault rule ${left?.id}` }).click();
    await page.waitForURL('**/dashboard/requests?mode=test&notice=fault_removed');
    expect(server.service.faults.list()).toEqual([]);
    await expect(page.locator('tr[data-fault-id]').count()).resolves.toBe(0);
  },
);

test.skipIf(SKIP_BROWSER)(
  'the coverage page shows the operations called with their statuses, and what was never called',
  async () => {
    await fetch(`${server.url}/v2/orders/ord_nowhere`, {
      headers: { authorization: `Bearer ${server.service.keys.test}` },
    });
    await page.goto(`${server.url}/dashboard/coverage?mode=test`);
    await expect(page.getByRole('link', { name: 'Coverage' }).getAttribute('aria-current')).resolves.toBe(
      'page',
    );
    const used = page.locator('[data-live="coverage-used"] tr', { hasText: 'getOrder' });
    await expect(used.textContent()).resolves.toMatch(/404 × \d+/);
    await expect(used.textContent()).resolves.toContain('not_found');
    const totals = server.service.coverage().totals.operations;
    await expect(page.locator('[data-total="operations"]').textContent()).resolves.toContain(
      `${totals.used} of ${totals.total}`,
    );
    const never = server.service.coverage().missing.operations[0]?.operation ?? '';
    await expect(page.locator('[data-live="coverage-missing"]').textContent()).resolves.toContain(never);
  },
);

test.skipIf(SKIP_BROWSER)(
  'the deliveries view resends a delivered delivery: a new attempt of the same event',
  async () => {
    await page.goto(`${server.url}/dashboard/webhook-deliveries?mode=test&status=delivered`);
    const row = page.locator('tr[data-delivery-id]').first();
    const id = (await row.getAttribute('data-delivery-id')) ?? '';
    await expect(row.getAttribute('data-status')).resolves.toBe('delivered');
    const sent = receiver.received.length;
    await row.getByRole('button', { name: /^Resend/ }).click();
    await page.waitForURL('**/dashboard/webhook-deliveries?mode=test&notice=delivery_resent');
    const resent = page.locator(`tr[data-delivery-id="${id}"]`);
    await expect(resent.locator('li.attempt-ok').count()).resolves.toBe(2);
    expect(receiver.received.length).toBe(sent + 1);
    expect(receiver.received.at(-1)?.headers['x-webhook-attempt']).toBe('2');
  },
);

test.skipIf(SKIP_BROWSER)(
  'new sessions, orders and deliveries appear on the open page without a reload',
  async () => {
    await page.goto(`${server.url}/dashboard?mode=test`);
    await page.evaluate(() => {
      (window as unknown as { stillHere: boolean }).stillHere = true;
    });
    await expect(page.getByRole('button', { name: 'Pause live updates' }).isVisible()).resolves.toBe(true);
    const session = await createCheckout(server, ['sku-ibuprofen']);
    await page.locator(`tr[data-checkout-id="${session.checkout_id}"]`).waitFor({ timeout: 10_000 });
    const paid = await callApi(server, 'POST', `/v2/test_helpers/checkout/${session.checkout_id}/pay`, {});
    const { order } = paid.body as Paid;
    await page.locator(`tr[data-order-id="${order.id}"]`).waitFor({ timeout: 10_000 });
    const deliveries = (
      (await callApi(server, 'GET', `/v2/test_helpers/webhook_deliveries?limit=1`)).body as {
        data: { id: string }[];
      }
    ).data;
    await page.locator(`tr[data-delivery-id="${deliveries[0]?.id}"]`).waitFor({ timeout: 10_000 });
    await expect(page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).resolves.toBe(
      true,
    );
  },
);

test.skipIf(SKIP_BROWSER)(
  'an open order page shows a new refund without a reload; a cancel choice not yet sent is never reset',
  async () => {
    const order = await paidSubscriptionOrder('yearly');
    await page.goto(`${server.url}/dashboard/orders/${order.id}?mode=test`);
    const refund = await callApi(server, 'POST', '/api/v2/refunds', {
      order_id: order.id,
      amount_cents: 100,
      reason: 'other',
    });
    const { id } = refund.body as { id: string };
    await section('Refunds').locator(`tr[data-refund-id="${id}"]`).waitFor({ timeout: 10_000 });
    await page.goto(`${server.url}/dashboard/subscriptions?mode=test`);
    const row = page.locator(`tr[data-subscription-id="${order.subscription_id}"]`);
    await row.getByLabel(/At the end of the period/).check();
    await page.getByRole('heading', { level: 1 }).click();
    // A new subscription changes the list; the row whose choice is not sent yet is not reset under the cursor.
    await paidSubscriptionOrder('daily');
    await page.waitForTimeout(4_500);
    await expect(row.getByLabel(/At the end of the period/).isChecked()).resolves.toBe(true);
  },
);

test.skipIf(SKIP_BROWSER)(
  'axe-core finds no violation and the console stays clean on every dashboard page',
  async () => {
    // Every page of the dashboard's table (a detail page with an id of the world above), then the live
    // overview, a refused filter and a missing object.
    const ids: Readonly<Record<string, string>> = {
      '/dashboard/orders/:id': orderId,
      '/dashboard/checkouts/:id': checkoutId,
    };
    const tablePaths = [
      ...new Set(
        DASHBOARD_PAGES.filter((route) => route.method === 'GET' && route.path !== '/dashboard/').map(
          (route) => route.path,
        ),
      ),
    ];
    expect(
      tablePaths.filter((path) => path.includes(':') && ids[path] === undefined),
      'a page with no id here',
    ).toEqual([]);
    const pages: [path: string, status: number][] = [
      ...tablePaths.map((path): [string, number] => [
        `${path.replace(':id', ids[path] ?? '')}?mode=test`,
        200,
      ]),
      ['/dashboard?mode=live', 200],
      ['/dashboard/webhook-deliveries?mode=test&status=nope', 400],
      ['/dashboard/orders/ord_missing?mode=test', 404],
    ];
    for (const [path, status] of pages) {
      problems.length = 0;
      const response = await page.goto(`${server.url}${path}`);
      expect(response?.status(), path).toBe(status);
      expect(await axeViolations(page), path).toEqual([]);
      // Chrome reports the status of a 4xx document itself as a console error; nothing else may appear.
      const expected =
        status === 200
          ? []
          : [
              `console: Failed to load resource: the server responded with a status of ${status} (${status === 400 ? 'Bad Request' : 'Not Found'})`,
            ];
      expect(problems, path).toEqual(expected);
    }
    // Two rounds of live updates fetch nothing the CSP refuses.
    problems.length = 0;
    await page.goto(`${server.url}/dashboard?mode=test`);
    await page.waitForTimeout(4_500);
    expect(problems).toEqual([]);
  },
);

test.skipIf(SKIP_BROWSER)(
  'with JavaScript off every view works through plain links and forms: detail, cancel, resend, filter',
  async () => {
    const order = await paidSubscriptionOrder('weekly');
    await callApi(server, 'POST', '/v2/test_helpers/webhooks/flush', {});
    const noScript = await launchChromium({ javaScriptEnabled: false });
    try {
      const plain = await noScript.context.newPage();
      await plain.setViewportSize({ width: 1280, height: 900 });
      await plain.goto(`${server.url}/dashboard?token=${DASHBOARD_TOKEN}`);
      await expect(plain.getByRole('button', { name: 'Pause live updates' }).isVisible()).resolves.toBe(
        false,
      );
      await plain.locator(`tr[data-order-id="${order.id}"]`).getByRole('link', { name: order.id }).click();
      await plain.waitForURL(`**/dashboard/orders/${order.id}?mode=test`);
      const created = plain.getByRole('article', { name: 'order.created', exact: true });
      await created.getByRole('button', { name: /^Resend/ }).click();
      await plain.waitForURL(`**/dashboard/orders/${order.id}?mode=test&notice=delivery_resent`);
      await expect(
        plain.getByRole('article', { name: 'order.created', exact: true }).locator('li.attempt-ok').count(),
      ).resolves.toBe(2);
      const subscription = plain.getByRole('region', { name: 'Subscription', exact: true });
      await subscription.getByLabel('At once').check();
      await subscription.getByRole('button', { name: 'Cancel subscription' }).click();
      await plain.waitForURL(`**/dashboard/orders/${order.id}?mode=test&notice=subscription_cancelled`);
      await expect(
        callApi(server, 'GET', `/v2/test_helpers/subscriptions/${order.subscription_id}`),
      ).resolves.toMatchObject({ body: { status: 'cancelled' } });
      await plain.getByRole('link', { name: 'Webhook deliveries' }).click();
      await plain.getByLabel('Status').selectOption('delivered');
      await plain.getByRole('button', { name: 'Filter' }).click();
      await plain.waitForURL('**/dashboard/webhook-deliveries?mode=test&status=delivered');
      const statuses = await plain.$$eval('tr[data-delivery-id]', (rows) =>
        rows.map((row) => row.getAttribute('data-status')),
      );
      expect(statuses.length).toBeGreaterThan(0);
      expect(new Set(statuses)).toEqual(new Set(['delivered']));
    } finally {
      await noScript.close();
    }
  },
);
