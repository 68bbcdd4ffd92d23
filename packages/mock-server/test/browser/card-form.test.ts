import type { CheckoutSession } from '@glm/domain';
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { callApi, createCheckout } from './support/browser-env.ts';
import { SKIP_BROWSER } from './support/chromium.ts';
import { shopperWorld } from './support/shopper-world.ts';

const world = shopperWorld();
const redirects = () => ({
  success_url: `${world.shop.origin}/thanks`,
  failure_url: `${world.shop.origin}/cart`,
});

async function openSplit(): Promise<Page> {
  const session = await createCheckout(world.server, ['sku-ibuprofen', 'sku-tissue'], redirects());
  const page = await world.browser.context.newPage();
  await page.goto(session.checkout_url);
  return page;
}

/**
 * The focused element's role and text, and whether the field is marked invalid, once the answer to the
 * submit has loaded and moved focus (on a busy machine the click returns before the page is replaced).
 */
const afterDecline = async (page: Page, label: string) => {
  await page.waitForFunction(() => document.activeElement?.getAttribute('role') === 'alert', undefined, {
    timeout: 15_000,
  });
  return Promise.all([
    page.evaluate(() => ({
      role: document.activeElement?.getAttribute('role'),
      text: document.activeElement?.textContent,
    })),
    page.getByLabel(label).getAttribute('aria-invalid'),
  ]);
};

test.skipIf(SKIP_BROWSER)(
  'a split cart whose regular card declines says so, and focus moves to the announced error',
  async () => {
    const page = await openSplit();
    await page.getByLabel('HSA/FSA card number').fill('4242424242424242');
    await page.getByLabel('Other card number').fill('4000000000000002');
    await page.getByRole('button', { name: /^Pay/ }).click();
    const [focused, invalid] = await afterDecline(page, 'Other card number');
    expect(focused).toEqual({
      role: 'alert',
      text: 'Your other (non-HSA/FSA) card ending 0002 was declined. Try again or use another card.',
    });
    expect(invalid).toBe('true');
    await expect(page.getByLabel('HSA/FSA card number').getAttribute('aria-invalid')).resolves.toBeNull();
    await page.close();
  },
);

test.skipIf(SKIP_BROWSER)('a split cart whose HSA/FSA card declines names the HSA/FSA card', async () => {
  const page = await openSplit();
  await page.getByLabel('HSA/FSA card number').fill('4000000000009995');
  await page.getByLabel('Other card number').fill('4242424242424242');
  await page.getByRole('button', { name: /^Pay/ }).click();
  const [focused, invalid] = await afterDecline(page, 'HSA/FSA card number');
  expect(focused.text).toBe('Your HSA/FSA card ending 9995 has insufficient funds. Try another card.');
  expect(invalid).toBe('true');
  await page.close();
});

test.skipIf(SKIP_BROWSER)(
  'card numbers typed with spaces and hyphens are taken and shown in groups of four',
  async () => {
    const page = await openSplit();
    await page.getByLabel('HSA/FSA card number').pressSequentially('4242-4242 4242-4242');
    await page.getByLabel('Other card number').pressSequentially('4111111111111111');
    await expect(page.getByLabel('HSA/FSA card number').inputValue()).resolves.toBe('4242 4242 4242 4242');
    await expect(page.getByLabel('Other card number').inputValue()).resolves.toBe('4111 1111 1111 1111');
    await page.getByRole('button', { name: /^Pay/ }).click();
    await page.waitForURL(`${world.shop.origin}/thanks`);
    await page.close();
  },
);

test.skipIf(SKIP_BROWSER)(
  'the page speaks plainly: no "Cart: split", and a dual-purpose item says an LMN may be needed',
  async () => {
    const created = await callApi(world.server, 'POST', '/v2/products', {
      name: 'Compression Socks 15-20 mmHg',
      price: 1999,
      currency: 'USD',
      merchant_product_id: 'sku-socks',
    });
    expect(created.status).toBe(201);
    const session: CheckoutSession = await createCheckout(
      world.server,
      ['sku-socks', 'sku-tissue'],
      redirects(),
    );
    expect(session.line_items[0]?.eligibility_type).toBe('dual_purpose');
    const page = await world.browser.context.newPage();
    await page.goto(session.checkout_url);
    const text = (await page.locator('main').textContent()) ?? '';
    expect(text).not.toMatch(/Cart:|\bsplit\b/);
    expect(text).toContain(
      'Some items are HSA/FSA eligible: your HSA/FSA card pays for those, a regular card for the rest.',
    );
    const socks = page.locator('li[data-product-id="sku-socks"]');
    await expect(socks.textContent()).resolves.toContain('Letter of Medical Necessity');
    await expect(page.locator('li[data-product-id="sku-tissue"]').textContent()).resolves.not.toContain(
      'Letter of Medical Necessity',
    );
    await page.close();
  },
);
