import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { RunningServer } from '../../src/adapters/node.ts';
import {
  callApi,
  createCheckout,
  DASHBOARD_TOKEN,
  screenshotPath,
  startMockServer,
} from './support/browser-env.ts';
import { launchChromium, SKIP_BROWSER, type TestBrowser } from './support/chromium.ts';
import { startSite, type TestSite } from './support/static-site.ts';

let server: RunningServer;
let receiver: TestSite;
let receiverStatus = 500;
let browser: TestBrowser;
let page: Page;

beforeAll(async () => {
  if (SKIP_BROWSER) return;
  [server, receiver, browser] = await Promise.all([
    startMockServer(),
    startSite(
      () => ({}),
      () => receiverStatus,
    ),
    launchChromium(),
  ]);
  page = await browser.context.newPage();
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`${server.url}/dashboard?token=${DASHBOARD_TOKEN}`);
});

afterAll(async () => {
  if (SKIP_BROWSER) return;
  await Promise.all([browser.close(), server.close(), receiver.close()]);
});

test.skipIf(SKIP_BROWSER)('the dashboard token leaves the address bar once the cookie is set', () => {
  expect(page.url()).toBe(`${server.url}/dashboard`);
});

test.skipIf(SKIP_BROWSER)(
  'a key created on the dashboard works against the API, and once revoked gets 401 at once',
  async () => {
    await page.getByLabel('Name').fill('Browser key');
    await page.getByLabel('Key mode').selectOption('test');
    await page.getByRole('button', { name: 'Create key' }).click();
    await page.waitForURL('**/dashboard?mode=test&flash=*');
    const key = (await page.locator('[data-secret]').textContent()) ?? '';
    expect(key).toMatch(/^glm_test_/);
    expect((await callApi(server, 'GET', '/api/v2/products', undefined, key)).status).toBe(200);
    await page.getByRole('button', { name: 'Revoke Browser key' }).click();
    await page.waitForURL('**/dashboard?mode=test&notice=key_revoked');
    expect((await callApi(server, 'GET', '/api/v2/products', undefined, key)).status).toBe(401);
    await expect(page.locator('[data-secret]').count()).resolves.toBe(0);
  },
);

test.skipIf(SKIP_BROWSER)(
  'a failing webhook endpoint shows its failed attempts; fixed and resent, the delivery is delivered',
  async () => {
    const hook = `${receiver.origin}/hook`;
    await page.getByLabel('Endpoint URL').fill(hook);
    await page.getByLabel('All events (*)').uncheck();
    await page.getByLabel('order.completed', { exact: true }).check();
    await page.getByRole('button', { name: 'Register endpoint' }).click();
    await page.waitForURL('**/dashboard?mode=test&flash=*');
    await expect(page.locator('[data-secret]').textContent()).resolves.toMatch(/^whsec_/);
    const session = await createCheckout(server, ['sku-ibuprofen']);
    await callApi(server, 'POST', `/v2/test_helpers/checkout/${session.checkout_id}/pay`, {});
    const row = page.locator('tr[data-delivery-id]').first();
    await expect
      .poll(async () => {
        await page.goto(`${server.url}/dashboard`);
        return row.locator('li.attempt-failed').count();
      })
      .toBe(1);
    await expect(row.textContent()).resolves.toContain('HTTP 500');
    // Each advance runs the retries that fell due; six failed attempts make the delivery failed (D24).
    for (let round = 0; round < 8 && (await row.getAttribute('data-status')) !== 'failed'; round++) {
      await page.getByLabel(/Advance the clock by/).fill('7h');
      await page.getByRole('button', { name: 'Advance' }).click();
      await page.waitForURL('**notice=clock_advanced');
    }
    await expect(row.getAttribute('data-status')).resolves.toBe('failed');
    await expect(page.locator('article[data-endpoint-id]').count()).resolves.toBe(1);
    await expect(row.locator('li.attempt-failed').count()).resolves.toBe(6);
    await expect(row.evaluate((element) => element.classList.contains('failed'))).resolves.toBe(true);
    await page.screenshot({ path: screenshotPath('dashboard'), fullPage: true });
    receiverStatus = 200;
    await row.getByRole('button', { name: /^Resend/ }).click();
    await page.waitForURL('**notice=delivery_resent');
    const resent = page.locator('tr[data-delivery-id]').first();
    await expect(resent.getAttribute('data-status')).resolves.toBe('delivered');
    await expect(resent.locator('li.attempt-ok').textContent()).resolves.toContain('HTTP 200');
    const last = receiver.received.at(-1);
    expect(last?.headers['x-webhook-attempt']).toBe('7');
    expect(JSON.parse(last?.body ?? '{}')).toMatchObject({ type: 'order.completed' });
  },
);

test.skipIf(SKIP_BROWSER)('the event log filter shows only the chosen type', async () => {
  await page.goto(`${server.url}/dashboard`);
  await page.getByLabel('Event type').selectOption('order.created');
  await page.getByRole('button', { name: 'Filter' }).click();
  const types = await page.$$eval('tr[data-event-type]', (rows) =>
    rows.map((row) => row.getAttribute('data-event-type')),
  );
  expect(types.length).toBeGreaterThan(0);
  expect(new Set(types)).toEqual(new Set(['order.created']));
});
