import type { CDPSession, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { RunningServer } from '../../src/adapters/node.ts';
import { createCheckout, createPaymentLink, ordersOf, startMockServer } from './support/browser-env.ts';
import { launchChromium, SKIP_BROWSER, type TestBrowser } from './support/chromium.ts';
import { type DelayingProxy, startDelayingProxy } from './support/delaying-proxy.ts';
import { startMerchantSite } from './support/merchant-site.ts';
import { startSite, type TestSite } from './support/static-site.ts';

// Every POST answer is held back 1.5 s; the shopper submits again 400 ms after the first submit.
let server: RunningServer;
let proxy: DelayingProxy;
let shop: TestSite;
let merchant: TestSite;
let browser: TestBrowser;

beforeAll(async () => {
  if (SKIP_BROWSER) return;
  server = await startMockServer();
  [proxy, shop, merchant, browser] = await Promise.all([
    startDelayingProxy(server.url),
    startSite(() => ({})),
    startMerchantSite(),
    launchChromium(),
  ]);
});

afterAll(async () => {
  if (SKIP_BROWSER) return;
  await Promise.all([browser.close(), proxy.close(), server.close(), shop.close(), merchant.close()]);
});

const redirects = () => ({
  success_url: `${shop.origin}/thanks?cs={CHECKOUT_SESSION_ID}&order={ORDER_ID}`,
  failure_url: `${shop.origin}/cart`,
});

const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Turns the page's JavaScript off, so nothing in the page stops the second submit. */
const withoutScript = async (page: Page): Promise<CDPSession> => {
  const cdp = await browser.context.newCDPSession(page);
  await cdp.send('Emulation.setScriptExecutionDisabled', { value: true });
  return cdp;
};

/** Clicks where the Pay button is, without waiting for the navigation the click starts (locator clicks wait). */
const clickAt = async (page: Page, box: { x: number; y: number; width: number; height: number } | null) => {
  if (box === null) throw new Error('the Pay button is not on screen');
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
};

/** Waits until the page shows a URL starting with `prefix` (an aborted first navigation does not count). */
const landsOn = (page: Page, prefix: string): Promise<void> =>
  expect.poll(() => page.url().startsWith(prefix), { timeout: 10_000 }).toBe(true);

test.skipIf(SKIP_BROWSER)(
  'a second click and Enter 400 ms after Pay on a slow network: the button is disabled and the shopper lands on success_url',
  async () => {
    const session = await createCheckout(server, ['sku-ibuprofen'], redirects());
    const page = await browser.context.newPage();
    const probes: unknown[] = [];
    await page.exposeFunction('glmProbe', (state: unknown) => probes.push(state));
    await page.addInitScript(() => {
      const probe = (window as unknown as { glmProbe: (state: unknown) => void }).glmProbe;
      document.addEventListener('submit', () => {
        setTimeout(() => {
          const button = document.querySelector('form[aria-label="Payment"] button.primary');
          probe({ disabled: (button as HTMLButtonElement | null)?.disabled, text: button?.textContent });
        }, 300);
      });
    });
    await page.goto(proxy.through(session.checkout_url));
    const pay = page.getByRole('button', { name: /^Pay/ });
    await page.getByLabel('HSA/FSA card number').fill('4242424242424242');
    const box = await pay.boundingBox();
    const before = proxy.posts.length;
    await page.keyboard.press('Enter');
    // 300 ms after the submit the button says it is busy and takes no click (the proxy holds the answer
    // 1.5 s, so on a loaded machine the probe may land a little later than 400 ms).
    await expect.poll(() => probes, { timeout: 1_000 }).toEqual([{ disabled: true, text: 'Processing…' }]);
    await page.keyboard.press('Enter');
    await clickAt(page, box);
    await landsOn(page, `${shop.origin}/thanks?`);
    expect(new URL(page.url()).searchParams.get('cs')).toBe(session.checkout_id);
    expect(proxy.posts.length - before).toBe(1);
    expect(await ordersOf(server, session.checkout_id)).toHaveLength(1);
    await page.close();
  },
);

test.skipIf(SKIP_BROWSER)(
  'with the page script off, a double click still lands on success_url: the repeated attempt answers the first one',
  async () => {
    const session = await createCheckout(server, ['sku-tissue'], redirects());
    const page = await browser.context.newPage();
    await withoutScript(page);
    await page.goto(proxy.through(session.checkout_url));
    const before = proxy.posts.length;
    await page.getByLabel('Card number').fill('4242424242424242');
    const box = await page.getByRole('button', { name: /^Pay/ }).boundingBox();
    await clickAt(page, box);
    await pause(400);
    await clickAt(page, box);
    await landsOn(page, `${shop.origin}/thanks?`);
    // Both submits reached the server, and only one order was made.
    expect(proxy.posts.length - before).toBe(2);
    const orders = await ordersOf(server, session.checkout_id);
    expect(orders).toHaveLength(1);
    expect(new URL(page.url()).searchParams.get('order')).toBe(orders[0]?.id);
    await page.close();
  },
);

test.skipIf(SKIP_BROWSER)(
  'a payment link paid twice on a slow network lands on success_url (script on and off)',
  async () => {
    for (const scripted of [true, false]) {
      const link = await createPaymentLink(server, {
        customer: { email: 'ada@example.com', first_name: 'Ada', last_name: 'Lovelace' },
        success_url: `${shop.origin}/paid?cs={CHECKOUT_SESSION_ID}`,
      });
      const page = await browser.context.newPage();
      if (!scripted) await withoutScript(page);
      await page.goto(proxy.through(link.url));
      await page.getByLabel('Card number').fill('4242424242424242');
      const box = await page.getByRole('button', { name: /^Pay/ }).boundingBox();
      await page.keyboard.press('Enter');
      await pause(400);
      await clickAt(page, box);
      await landsOn(page, `${shop.origin}/paid?`);
      const checkoutId = new URL(page.url()).searchParams.get('cs') ?? '';
      expect(await ordersOf(server, checkoutId), `script ${scripted}`).toHaveLength(1);
      await page.close();
    }
  },
);

interface Call {
  readonly type: string;
  readonly checkout_id?: string;
  readonly error?: { readonly code: string };
}

test.skipIf(SKIP_BROWSER)(
  'in the embed, Pay then Enter 400 ms later on a slow network: the merchant hears checkout.completed and no error',
  async () => {
    const session = await createCheckout(server, ['sku-ibuprofen'], {
      success_url: `${merchant.origin}/thanks`,
    });
    const page = await browser.context.newPage();
    const url = proxy.through(session.checkout_url);
    await page.goto(`${merchant.origin}/shop?checkout_url=${encodeURIComponent(url)}`);
    const frame = page.frameLocator('iframe[title="Secure checkout"]');
    await frame.getByLabel('HSA/FSA card number').fill('4242424242424242');
    await frame.getByLabel('HSA/FSA card number').focus();
    await page.keyboard.press('Enter');
    await pause(400);
    await page.keyboard.press('Enter');
    await page.waitForFunction(() =>
      (window as unknown as { glmCalls: Call[] }).glmCalls.some((call) => call.type === 'checkout.completed'),
    );
    await pause(500);
    const calls = await page.evaluate(() => (window as unknown as { glmCalls: Call[] }).glmCalls);
    expect(calls.filter((call) => call.type === 'checkout.error')).toEqual([]);
    expect(calls.find((call) => call.type === 'checkout.completed')?.checkout_id).toBe(session.checkout_id);
    await page.close();
  },
);
