import type { CheckoutSession, Order } from '@glm/domain';
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { callApi, createCheckout, screenshotPath } from './support/browser-env.ts';
import { SKIP_BROWSER } from './support/chromium.ts';
import { shopperWorld } from './support/shopper-world.ts';

const world = shopperWorld();

const redirects = () => ({
  success_url: `${world.shop.origin}/thanks?cs={CHECKOUT_SESSION_ID}&order={ORDER_ID}`,
  failure_url: `${world.shop.origin}/cart?cs={CHECKOUT_SESSION_ID}`,
});

/** The page fits 360 px: nothing scrolls sideways. */
const fitsWidth = (page: Page): Promise<boolean> =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

test.skipIf(SKIP_BROWSER)(
  'paying on the hosted page lands on the success URL with the real session and order ids',
  async () => {
    const session = await createCheckout(world.server, ['sku-ibuprofen'], redirects());
    const page = await world.browser.context.newPage();
    await page.goto(session.checkout_url);
    expect(await fitsWidth(page)).toBe(true);
    await page.screenshot({ path: screenshotPath('hosted-eligible'), fullPage: true });
    await page.getByLabel('HSA/FSA card number').fill('4242424242424242');
    await page.getByRole('button', { name: /^Pay/ }).click();
    await page.waitForURL(`${world.shop.origin}/thanks?**`);
    const landed = new URL(page.url());
    expect(landed.searchParams.get('cs')).toBe(session.checkout_id);
    const order = await callApi(world.server, 'GET', `/v2/orders/${landed.searchParams.get('order')}`);
    expect(order.status).toBe(200);
    expect((order.body as Order).payment_status).toBe('captured');
    await page.close();
  },
);

test.skipIf(SKIP_BROWSER)('cancel on the hosted page lands on the failure URL', async () => {
  const session = await createCheckout(world.server, ['sku-tissue'], redirects());
  const page = await world.browser.context.newPage();
  await page.goto(session.checkout_url);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.waitForURL(`${world.shop.origin}/cart?**`);
  expect(new URL(page.url()).searchParams.get('cs')).toBe(session.checkout_id);
  await page.close();
});

test.skipIf(SKIP_BROWSER)('a declined card shows why on the page, and a retry pays', async () => {
  const session = await createCheckout(world.server, ['sku-tissue'], redirects());
  const page = await world.browser.context.newPage();
  await page.goto(session.checkout_url);
  await page.getByLabel('Card number').fill('4000000000000002');
  await page.getByRole('button', { name: /^Pay/ }).click();
  await expect(page.getByRole('alert').textContent()).resolves.toContain(
    'Your card ending 0002 was declined',
  );
  expect(await fitsWidth(page)).toBe(true);
  await page.screenshot({ path: screenshotPath('hosted-declined'), fullPage: true });
  await page.getByLabel('Card number').fill('4242424242424242');
  await page.getByRole('button', { name: /^Pay/ }).click();
  await page.waitForURL(`${world.shop.origin}/thanks?**`);
  await page.close();
});

test.skipIf(SKIP_BROWSER)(
  'a split cart asks for both cards and shows the amounts the API answers',
  async () => {
    const session = await createCheckout(world.server, ['sku-ibuprofen', 'sku-tissue'], {
      ...redirects(),
      shipping: 599,
      tax: 87,
    });
    const page = await world.browser.context.newPage();
    await page.goto(session.checkout_url);
    await expect(page.getByLabel('HSA/FSA card number').isVisible()).resolves.toBe(true);
    await expect(page.getByLabel('Other card number').isVisible()).resolves.toBe(true);
    const shown = await page.$$eval('[data-amount]', (elements) =>
      Object.fromEntries(
        elements.map((element) => [
          element.getAttribute('data-amount'),
          Number(element.getAttribute('data-cents')),
        ]),
      ),
    );
    const fetched = (
      (await callApi(world.server, 'GET', `/api/v2/checkout/${session.checkout_id}`)).body as {
        data: CheckoutSession;
      }
    ).data;
    for (const [name, cents] of Object.entries(fetched.amounts))
      if (cents > 0) expect(shown[name], name).toBe(cents);
    expect(shown['hsa_charge'] + shown['regular_charge']).toBe(fetched.amounts.total);
    expect(await fitsWidth(page)).toBe(true);
    await page.screenshot({ path: screenshotPath('hosted-split'), fullPage: true });
    await page.getByLabel('HSA/FSA card number').fill('4242424242424242');
    await page.getByLabel('Other card number').fill('4111111111111111');
    await page.getByRole('button', { name: /^Pay/ }).click();
    await page.waitForURL(`${world.shop.origin}/thanks?**`);
    const order = (
      await callApi(world.server, 'GET', `/v2/orders/${new URL(page.url()).searchParams.get('order')}`)
    ).body as Order;
    expect(order.amounts.hsa_fsa_amount_cents + order.amounts.regular_amount_cents).toBe(
      fetched.amounts.total,
    );
    await page.close();
  },
);
