import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { callApi, createCheckout, createPaymentLink } from './support/browser-env.ts';
import { SKIP_BROWSER } from './support/chromium.ts';
import { shopperWorld } from './support/shopper-world.ts';

const world = shopperWorld();
const merchant = (): string => new URL(world.shop.origin).host;
const customer = { email: 'ada@example.com', first_name: 'Ada', last_name: 'Lovelace' };

/** The end page names the merchant, and its "Return to" link lands on `landing` (a path of the shop). */
async function returnsTo(page: Page, heading: string, landing: string): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(heading);
  await expect(page.locator('main').textContent()).resolves.toContain(merchant());
  await page.getByRole('link', { name: `Return to ${merchant()}` }).click();
  await page.waitForURL(`${world.shop.origin}${landing}**`);
}

const advance = (seconds: number) =>
  callApi(world.server, 'POST', '/v2/test_helpers/clock/advance', { seconds });

test.skipIf(SKIP_BROWSER)('a paid checkout names the merchant and links to success_url', async () => {
  const session = await createCheckout(world.server, ['sku-ibuprofen'], {
    success_url: `${world.shop.origin}/thanks?cs={CHECKOUT_SESSION_ID}`,
  });
  await callApi(world.server, 'POST', `/v2/test_helpers/checkout/${session.checkout_id}/pay`, {});
  const page = await world.browser.context.newPage();
  await page.goto(session.checkout_url);
  await returnsTo(page, 'Already paid', '/thanks');
  expect(new URL(page.url()).searchParams.get('cs')).toBe(session.checkout_id);
  await page.close();
});

test.skipIf(SKIP_BROWSER)('a cancelled payment link names the merchant and links to cancel_url', async () => {
  const link = await createPaymentLink(world.server, {
    customer,
    success_url: `${world.shop.origin}/paid`,
    cancel_url: `${world.shop.origin}/no-thanks`,
  });
  await callApi(world.server, 'POST', `/v2/payment-links/${link.id}/cancel`, {});
  const page = await world.browser.context.newPage();
  await page.goto(link.url);
  await returnsTo(page, 'Link cancelled', '/no-thanks');
  await page.close();
});

test.skipIf(SKIP_BROWSER)('a paid payment link names the merchant and links to success_url', async () => {
  const link = await createPaymentLink(world.server, { customer, success_url: `${world.shop.origin}/paid` });
  await callApi(world.server, 'POST', `/v2/test_helpers/payment-links/${link.id}/pay`, {});
  const page = await world.browser.context.newPage();
  await page.goto(link.url);
  await returnsTo(page, 'Already paid', '/paid');
  await page.close();
});

test.skipIf(SKIP_BROWSER)(
  'after cancelling a link without cancel_url, the page offers to try again (the link page) or to go back',
  async () => {
    const link = await createPaymentLink(world.server, {
      customer,
      success_url: `${world.shop.origin}/paid`,
    });
    const page = await world.browser.context.newPage();
    await page.goto(link.url);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Payment cancelled');
    await page.getByRole('link', { name: 'Try again' }).click();
    await page.waitForURL(link.url);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await returnsTo(page, 'Payment cancelled', '/paid');
    await page.close();
  },
);

test.skipIf(SKIP_BROWSER)(
  'an expired checkout and an expired link name the merchant and link back (cancel_url, else success_url)',
  async () => {
    const session = await createCheckout(world.server, ['sku-tissue'], {
      success_url: `${world.shop.origin}/thanks`,
      failure_url: `${world.shop.origin}/cart`,
    });
    const link = await createPaymentLink(world.server, {
      customer,
      success_url: `${world.shop.origin}/paid`,
    });
    expect((await advance(16 * 86_400)).status).toBe(200);
    const page = await world.browser.context.newPage();
    await page.goto(session.checkout_url);
    await returnsTo(page, 'Checkout expired', '/cart');
    await page.goto(link.url);
    await returnsTo(page, 'Link expired', '/paid');
    await page.close();
  },
);
