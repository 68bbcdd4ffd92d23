import type { Order } from '@glm/domain';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { RunningServer } from '../../src/adapters/node.ts';
import { callApi, createCheckout, screenshotPath, startMockServer } from './support/browser-env.ts';
import { launchChromium, SKIP_BROWSER, type TestBrowser } from './support/chromium.ts';
import { startForgerSite, startMerchantSite } from './support/merchant-site.ts';
import type { TestSite } from './support/static-site.ts';

let server: RunningServer;
let merchant: TestSite;
let forger: TestSite;
let browser: TestBrowser;

beforeAll(async () => {
  if (SKIP_BROWSER) return;
  [server, merchant, forger, browser] = await Promise.all([
    startMockServer(),
    startMerchantSite(),
    startForgerSite(),
    launchChromium(),
  ]);
});

afterAll(async () => {
  if (SKIP_BROWSER) return;
  await Promise.all([browser.close(), server.close(), merchant.close(), forger.close()]);
});

interface Call {
  readonly type: string;
  readonly checkout_id?: string;
  readonly order_id?: string;
  readonly height?: number;
  readonly error?: { readonly code: string };
}

const calls = (page: Page): Promise<Call[]> =>
  page.evaluate(() => (window as unknown as { glmCalls: Call[] }).glmCalls);

const waitForCall = async (page: Page, type: string): Promise<Call> => {
  await page.waitForFunction(
    (wanted) => (window as unknown as { glmCalls: Call[] }).glmCalls.some((call) => call.type === wanted),
    type,
  );
  const found = (await calls(page)).find((call) => call.type === type);
  if (found === undefined) throw new Error(`no ${type}`);
  return found;
};

async function openShop(checkoutUrl: string, extra = ''): Promise<Page> {
  const page = await browser.context.newPage();
  await page.goto(`${merchant.origin}/shop?checkout_url=${encodeURIComponent(checkoutUrl)}${extra}`);
  return page;
}

test.skipIf(SKIP_BROWSER)(
  'an embedded checkout paid with 4242 reports the checkout and order ids to the merchant page, and the order exists',
  async () => {
    const session = await createCheckout(server, ['sku-ibuprofen'], {
      success_url: `${merchant.origin}/thanks`,
    });
    const page = await openShop(session.checkout_url);
    const frame = page.frameLocator('iframe[title="Secure checkout"]');
    await frame.getByLabel('HSA/FSA card number').fill('4242 4242 4242 4242');
    const resized = await waitForCall(page, 'checkout.resize');
    expect(resized.height).toBeGreaterThan(300);
    const iframeHeight = await page
      .locator('iframe[title="Secure checkout"]')
      .evaluate((element) => element.getBoundingClientRect().height);
    expect(Math.abs(iframeHeight - (resized.height ?? 0))).toBeLessThanOrEqual(1);
    await page.screenshot({ path: screenshotPath('embedded-eligible'), fullPage: true });
    await frame.getByRole('button', { name: /^Pay/ }).click();
    const completed = await waitForCall(page, 'checkout.completed');
    expect(completed.checkout_id).toBe(session.checkout_id);
    const order = await callApi(server, 'GET', `/v2/orders/${completed.order_id}`);
    expect(order.status).toBe(200);
    expect((order.body as Order).status).toBe('completed');
    expect(page.url()).toContain(`${merchant.origin}/shop`);
    await page.close();
  },
);

test.skipIf(SKIP_BROWSER)(
  'a declined card shows the error in the frame and fires onError; a retry with a good card completes',
  async () => {
    const session = await createCheckout(server, ['sku-tissue'], {
      success_url: `${merchant.origin}/thanks`,
    });
    const page = await openShop(session.checkout_url);
    const frame = page.frameLocator('iframe[title="Secure checkout"]');
    await frame.getByLabel('Card number').fill('4000000000000002');
    await frame.getByRole('button', { name: /^Pay/ }).click();
    await expect(frame.getByRole('alert').textContent()).resolves.toContain('declined');
    const error = await waitForCall(page, 'checkout.error');
    expect(error.error?.code).toBe('card_declined');
    await frame.getByLabel('Card number').fill('4111111111111111');
    await frame.getByRole('button', { name: /^Pay/ }).click();
    const completed = await waitForCall(page, 'checkout.completed');
    expect(completed.checkout_id).toBe(session.checkout_id);
    await page.close();
  },
);

test.skipIf(SKIP_BROWSER)(
  'cancel in the embedded checkout fires onCancelled and leaves the merchant page in place',
  async () => {
    const session = await createCheckout(server, ['sku-ibuprofen'], {
      success_url: `${merchant.origin}/thanks`,
    });
    const page = await openShop(session.checkout_url);
    await page
      .frameLocator('iframe[title="Secure checkout"]')
      .getByRole('button', { name: 'Cancel' })
      .click();
    const cancelled = await waitForCall(page, 'checkout.cancelled');
    expect(cancelled.checkout_id).toBe(session.checkout_id);
    expect(page.url()).toContain(`${merchant.origin}/shop`);
    await page.close();
  },
);

test.skipIf(SKIP_BROWSER)(
  'forged checkout.completed messages from a third origin never reach the handler',
  async () => {
    const session = await createCheckout(server, ['sku-ibuprofen'], {
      success_url: `${merchant.origin}/thanks`,
    });
    const page = await openShop(
      session.checkout_url,
      `&forger=${encodeURIComponent(forger.origin)}&cs=${session.checkout_id}`,
    );
    await page.waitForFunction(
      (origin) =>
        (window as unknown as { glmRaw: { origin: string }[] }).glmRaw.filter(
          (message) => message.origin === origin,
        ).length >= 10,
      forger.origin,
    );
    await waitForCall(page, 'checkout.resize');
    expect((await calls(page)).filter((call) => call.type === 'checkout.completed')).toEqual([]);
    const status = await callApi(server, 'GET', `/api/v2/checkout/${session.checkout_id}`);
    expect((status.body as { data: { status: string } }).data.status).toBe('open');
    await page.close();
  },
);
