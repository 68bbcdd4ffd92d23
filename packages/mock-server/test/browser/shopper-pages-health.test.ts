import type { Frame, Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { callApi, createCheckout, createPaymentLink } from './support/browser-env.ts';
import { SKIP_BROWSER } from './support/chromium.ts';
import { axeViolations, recordComplaints } from './support/page-health.ts';
import { shopperWorld } from './support/shopper-world.ts';

// Every page a shopper can meet, in Chromium: no console error or warning, no CSP violation, no axe
// violation (every rule axe-core runs by default).
const world = shopperWorld();

const redirects = () => ({
  success_url: `${world.shop.origin}/thanks`,
  failure_url: `${world.shop.origin}/cart`,
});
const customer = { email: 'ada@example.com', first_name: 'Ada', last_name: 'Lovelace' };
const settle = (ms = 400): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Opens a page through `reach`, then checks its frame (the page, or the checkout frame inside it). */
async function healthOf(
  name: string,
  reach: (page: Page) => Promise<Frame | undefined>,
): Promise<{ readonly name: string; readonly complaints: string[]; readonly axe: unknown[] }> {
  const page = await world.browser.context.newPage();
  const complaints = await recordComplaints(page);
  const frame = (await reach(page)) ?? page.mainFrame();
  await settle();
  const axe = [...(await axeViolations(frame))];
  await page.close();
  return { name, complaints: complaints.all, axe };
}

const checkoutFrame = async (page: Page): Promise<Frame> => {
  await page.waitForFunction(() => (window as unknown as { glmCalls: unknown[] }).glmCalls.length > 0);
  const frame = page.frames().find((candidate) => candidate.url().includes('/checkout/'));
  if (frame === undefined) throw new Error('no checkout frame');
  return frame;
};

test.skipIf(SKIP_BROWSER)(
  'every shopper page: zero console errors, zero CSP violations, zero axe violations',
  async () => {
    const results = [];
    const eligible = await createCheckout(world.server, ['sku-ibuprofen'], redirects());
    results.push(
      await healthOf('checkout, eligible', async (page) => void (await page.goto(eligible.checkout_url))),
    );
    const split = await createCheckout(world.server, ['sku-ibuprofen', 'sku-tissue'], redirects());
    results.push(
      await healthOf('checkout, split', async (page) => void (await page.goto(split.checkout_url))),
    );
    results.push(
      await healthOf('declined', async (page) => {
        await page.goto(split.checkout_url);
        await page.getByLabel('HSA/FSA card number').fill('4000000000000002');
        await page.getByLabel('Other card number').fill('4242424242424242');
        await page.getByRole('button', { name: /^Pay/ }).click();
        await page.getByRole('alert').waitFor();
        return undefined;
      }),
    );
    const link = await createPaymentLink(world.server, { success_url: `${world.shop.origin}/paid` });
    results.push(
      await healthOf('payment link asking who pays', async (page) => void (await page.goto(link.url))),
    );
    results.push(
      await healthOf('payer fields refused', async (page) => {
        await page.goto(link.url);
        await page.getByLabel('Card number').fill('4242424242424242');
        await page.getByRole('button', { name: /^Pay/ }).click();
        await page.getByRole('alert').waitFor();
        return undefined;
      }),
    );
    const trial = await createPaymentLink(world.server, {
      customer,
      payment_type: 'subscription',
      subscription: { interval: 'monthly', interval_count: 1, trial_period_days: 7 },
      success_url: `${world.shop.origin}/paid`,
    });
    results.push(
      await healthOf('subscription with trial', async (page) => void (await page.goto(trial.url))),
    );
    results.push(
      await healthOf('payment cancelled', async (page) => {
        await page.goto(trial.url);
        await page.getByRole('button', { name: 'Cancel' }).click();
        await page.getByRole('heading', { name: 'Payment cancelled' }).waitFor();
        return undefined;
      }),
    );
    await callApi(world.server, 'POST', `/v2/test_helpers/checkout/${eligible.checkout_id}/pay`, {});
    results.push(
      await healthOf('already paid', async (page) => void (await page.goto(eligible.checkout_url))),
    );
    const cancelled = await createPaymentLink(world.server, {
      customer,
      success_url: `${world.shop.origin}/paid`,
    });
    await callApi(world.server, 'POST', `/v2/payment-links/${cancelled.id}/cancel`, {});
    results.push(await healthOf('link cancelled', async (page) => void (await page.goto(cancelled.url))));
    const embedded = await createCheckout(world.server, ['sku-tissue'], redirects());
    const shop = (url: string) => `${world.shop.origin}/shop?checkout_url=${encodeURIComponent(url)}`;
    results.push(
      await healthOf('embedded checkout', async (page) => {
        await page.goto(shop(embedded.checkout_url));
        return checkoutFrame(page);
      }),
    );
    results.push(
      await healthOf('embedded, paid', async (page) => {
        await page.goto(shop(embedded.checkout_url));
        const frame = page.frameLocator('iframe[title="Secure checkout"]');
        await frame.getByLabel('Card number').fill('4242424242424242');
        await frame.getByRole('button', { name: /^Pay/ }).click();
        await frame.getByRole('heading', { name: 'Payment complete' }).waitFor();
        return checkoutFrame(page);
      }),
    );
    const expiring = await createCheckout(world.server, ['sku-tissue'], redirects());
    await callApi(world.server, 'POST', '/v2/test_helpers/clock/advance', { seconds: 25 * 3600 });
    results.push(await healthOf('expired', async (page) => void (await page.goto(expiring.checkout_url))));
    expect(results.filter((result) => result.complaints.length > 0 || result.axe.length > 0)).toEqual([]);
    expect(results).toHaveLength(12);
  },
);

test.skipIf(SKIP_BROWSER)(
  'a link with a wrong token is a 403 page: no CSP violation or script error, only Chrome reporting the status',
  async () => {
    const session = await createCheckout(world.server, ['sku-tissue'], redirects());
    const wrong = new URL(session.checkout_url);
    wrong.searchParams.set('token', 'wrong');
    const result = await healthOf('wrong token', async (page) => void (await page.goto(wrong.href)));
    expect(result.axe).toEqual([]);
    expect(result.complaints).toEqual([
      `console.error: Failed to load resource: the server responded with a status of 403 (Forbidden) (${wrong.href})`,
    ]);
  },
);

test.skipIf(SKIP_BROWSER)('/favicon.ico answers an icon, not a JSON 404', async () => {
  const response = await fetch(`${world.server.url}/favicon.ico`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('image/svg+xml');
  expect(await response.text()).toMatch(/^<svg /);
});
