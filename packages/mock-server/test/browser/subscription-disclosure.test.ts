import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { callApi, createCheckout, createPaymentLink, screenshotPath } from './support/browser-env.ts';
import { SKIP_BROWSER } from './support/chromium.ts';
import { shopperWorld } from './support/shopper-world.ts';

const world = shopperWorld();

const customer = { email: 'ada@example.com', first_name: 'Ada', last_name: 'Lovelace' };
const LONG = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

/** The server's clock plus `days`, as the page writes a date. */
const dayFromNow = async (days: number, months = 0): Promise<string> => {
  const { now } = (await callApi(world.server, 'GET', '/v2/test_helpers/clock')).body as { now: string };
  const date = new Date(Date.parse(now) + days * 86_400_000);
  date.setUTCMonth(date.getUTCMonth() + months);
  return LONG.format(date);
};

/** The disclosure's text, and whether it comes before the Pay button in the page. */
async function disclosure(page: Page): Promise<{ readonly text: string; readonly beforeButton: boolean }> {
  return page.evaluate(() => {
    const section = document.querySelector('[aria-labelledby="recurrence-heading"]');
    const button = document.querySelector('form[aria-label="Payment"] button.primary');
    return {
      // biome-ignore lint/performance/useDomNodeTextContent: the text as rendered, with breaks between a term and its value
      text: (section as HTMLElement | null)?.innerText.replace(/\s+/g, ' ').trim() ?? '',
      beforeButton:
        section !== null &&
        button !== null &&
        (section.compareDocumentPosition(button) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0,
    };
  });
}

test.skipIf(SKIP_BROWSER)(
  'a monthly subscription link without trial says $25.00 today, then monthly, before a "Pay $25.00 and subscribe" button',
  async () => {
    const link = await createPaymentLink(world.server, {
      customer,
      payment_type: 'subscription',
      subscription: { interval: 'monthly', interval_count: 1 },
      success_url: 'https://shop.example/thanks',
    });
    const page = await world.browser.context.newPage();
    await page.goto(link.url);
    const shown = await disclosure(page);
    expect(shown.beforeButton).toBe(true);
    expect(shown.text).toContain(`$25.00 today, then $25.00 every month from ${await dayFromNow(0, 1)}.`);
    expect(shown.text).toContain('Free trial None');
    expect(shown.text).toContain(`First charge $25.00 on ${await dayFromNow(0)}`);
    await expect(page.getByRole('button', { name: 'Pay $25.00 and subscribe' }).isVisible()).resolves.toBe(
      true,
    );
    await page.close();
  },
);

test.skipIf(SKIP_BROWSER)(
  'a subscription link with a 7-day trial says $0.00 today and the first charge date, before a "Start free trial" button',
  async () => {
    const link = await createPaymentLink(world.server, {
      customer,
      payment_type: 'subscription',
      subscription: { interval: 'monthly', interval_count: 1, trial_period_days: 7 },
      success_url: 'https://shop.example/thanks',
    });
    const page = await world.browser.context.newPage();
    await page.goto(link.url);
    const shown = await disclosure(page);
    const firstCharge = await dayFromNow(7);
    expect(shown.beforeButton).toBe(true);
    expect(shown.text).toContain(`$0.00 today, then $25.00 every month from ${firstCharge}.`);
    expect(shown.text).toContain('Free trial 7 days');
    expect(shown.text).toContain(`First charge $25.00 on ${firstCharge}`);
    await expect(page.getByRole('button', { name: 'Start free trial' }).isVisible()).resolves.toBe(true);
    await expect(page.getByRole('button', { name: /^Pay/ }).count()).resolves.toBe(0);
    await page.screenshot({ path: screenshotPath('subscription-trial'), fullPage: true });
    await page.close();
  },
);

test.skipIf(SKIP_BROWSER)(
  'a subscription checkout every 2 weeks with a 3-day trial discloses it on the hosted checkout too',
  async () => {
    const session = await createCheckout(world.server, ['sku-tissue'], {
      payment_type: 'subscription',
      subscription: { interval: 'weekly', interval_count: 2, trial_period_days: 3 },
    });
    const page = await world.browser.context.newPage();
    await page.goto(session.checkout_url);
    const shown = await disclosure(page);
    const total = `$${(session.amounts.total / 100).toFixed(2)}`;
    expect(shown.beforeButton).toBe(true);
    expect(shown.text).toContain(`$0.00 today, then ${total} every 2 weeks from ${await dayFromNow(3)}.`);
    await expect(page.getByRole('button', { name: 'Start free trial' }).isVisible()).resolves.toBe(true);
    await page.close();
  },
);
