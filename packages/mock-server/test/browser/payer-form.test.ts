import type { Order, PaymentLink } from '@glm/domain';
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { callApi } from './support/browser-env.ts';
import { SKIP_BROWSER } from './support/chromium.ts';
import { shopperWorld } from './support/shopper-world.ts';

const world = shopperWorld();

/** A $25.00 link without a customer, in `mode`. */
async function linkWithoutCustomer(mode: 'test' | 'live'): Promise<PaymentLink> {
  const created = await callApi(
    world.server,
    'POST',
    '/v2/payment-links',
    {
      amount_cents: 2500,
      currency: 'USD',
      description: 'Physio session',
      success_url: `${world.shop.origin}/thanks?cs={CHECKOUT_SESSION_ID}&order={ORDER_ID}&email={CUSTOMER_EMAIL}`,
    },
    world.server.service.keys[mode],
  );
  expect(created.status).toBe(201);
  return created.body as PaymentLink;
}

const invented = (text: string): boolean => /shopper@example\.com|Test Shopper/.test(text);

async function payAsGrace(page: Page): Promise<URL> {
  await page.getByLabel('E-mail').fill('grace@navy.example');
  await page.getByLabel('First name').fill('Grace');
  await page.getByLabel('Last name').fill('Hopper');
  await page.getByLabel('Card number').fill('4242424242424242');
  await page.getByRole('button', { name: /^Pay/ }).click();
  await page.waitForURL(`${world.shop.origin}/thanks?**`);
  return new URL(page.url());
}

test.skipIf(SKIP_BROWSER)(
  'a link without a customer asks for e-mail and name, says which field is wrong, and nothing is invented (test mode)',
  async () => {
    const link = await linkWithoutCustomer('test');
    const page = await world.browser.context.newPage();
    await page.goto(link.url);
    expect(invented(await page.content())).toBe(false);
    await page.getByLabel('E-mail').fill('grace@');
    await page.getByLabel('Card number').fill('4242424242424242');
    await page.getByRole('button', { name: /^Pay/ }).click();
    await page.waitForLoadState();
    const alert = page.getByRole('alert');
    await expect(alert.textContent()).resolves.toContain('Check your details');
    await expect(alert.evaluate((element) => element === document.activeElement)).resolves.toBe(true);
    for (const [label, message] of [
      ['E-mail', 'Enter your e-mail address, such as name@example.com.'],
      ['First name', 'Enter your first name.'],
      ['Last name', 'Enter your last name.'],
    ] as const) {
      const field = page.getByLabel(label);
      await expect(field.getAttribute('aria-invalid'), label).resolves.toBe('true');
      await expect(
        field.evaluate((input) =>
          (input.getAttribute('aria-describedby') ?? '')
            .split(' ')
            .map((id) => document.getElementById(id)?.textContent)
            .join(' '),
        ),
      ).resolves.toContain(message);
    }
    await expect(page.getByLabel('E-mail').inputValue()).resolves.toBe('grace@');
    expect(invented(await page.content())).toBe(false);
    const landed = await payAsGrace(page);
    expect(landed.searchParams.get('email')).toBe('grace@navy.example');
    const order = (await callApi(world.server, 'GET', `/v2/orders/${landed.searchParams.get('order')}`))
      .body as Order;
    expect(order.customer).toMatchObject({
      email: 'grace@navy.example',
      first_name: 'Grace',
      last_name: 'Hopper',
    });
    const events = (
      (await callApi(world.server, 'GET', '/v2/test_helpers/events?type=order.created&limit=100')).body as {
        data: { data: { object: Order } | Order }[];
      }
    ).data;
    const created = JSON.stringify(events.filter((event) => JSON.stringify(event).includes(order.id)));
    expect(created).toContain('grace@navy.example');
    expect(invented(created)).toBe(false);
    await page.close();
  },
);

test.skipIf(SKIP_BROWSER)(
  'in live mode too, the link asks who pays and the live order carries what the shopper typed',
  async () => {
    const link = await linkWithoutCustomer('live');
    const page = await world.browser.context.newPage();
    await page.goto(link.url);
    expect(invented(await page.content())).toBe(false);
    const landed = await payAsGrace(page);
    expect(landed.searchParams.get('email')).toBe('grace@navy.example');
    const order = await callApi(
      world.server,
      'GET',
      `/v2/orders/${landed.searchParams.get('order')}`,
      undefined,
      world.server.service.keys.live,
    );
    expect(order.status).toBe(200);
    expect((order.body as Order).test_mode).toBe(false);
    expect((order.body as Order).customer).toMatchObject({
      email: 'grace@navy.example',
      first_name: 'Grace',
      last_name: 'Hopper',
    });
    await page.close();
  },
);
