import type { Frame, Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { callApi, createCheckout, createPaymentLink } from './support/browser-env.ts';
import { SKIP_BROWSER } from './support/chromium.ts';
import { shopperWorld } from './support/shopper-world.ts';

// Every shopper page at the narrowest phones people use (320 px, an iPhone SE; 375 px, most phones):
// nothing may stick out past the screen's edge, so nothing needs a sideways scroll. Lines with long
// product names carry the longest eligibility badge ("May need a Letter of Medical Necessity").
const world = shopperWorld();
const WIDTHS = [320, 375] as const;

const customer = { email: 'ada@example.com', first_name: 'Ada', last_name: 'Lovelace' };
const LONG_NAMES = {
  vitamins:
    "Nature's Finest Extra Strength Vitamin D3 5000 IU Softgels with Organic Coconut Oil, Family Value Pack, 365 Count",
  readers:
    'Reading Glasses +1.50 Blue-Light-Blocking Anti-Glare Spring-Hinge Full-Frame Readers, Tortoiseshell',
  unbroken: 'InfraredForeheadAndEarThermometerProfessionalEditionWithMemoryRecall',
} as const;

/** How far a page reaches past its viewport: its scroll width, and the elements whose right edge is past it. */
async function overflowOf(
  target: Page | Frame,
): Promise<{ scrollWidth: number; width: number; past: string[] }> {
  return target.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const describe = (element: Element): string => {
      const classes = [...element.classList].map((name) => `.${name}`).join('');
      const text = (element.textContent ?? '').trim().slice(0, 40);
      return `${element.tagName.toLowerCase()}${classes} "${text}" right=${Math.round(element.getBoundingClientRect().right)}`;
    };
    const past = [...document.querySelectorAll('body *')]
      .filter((element) => {
        const box = element.getBoundingClientRect();
        return box.width > 0 && box.height > 0 && box.right > width + 0.5;
      })
      .map(describe);
    return { scrollWidth: document.documentElement.scrollWidth, width, past };
  });
}

/** One shopper page: its name and how to open it (a URL, or steps on a page); an embedded one answers its frame. */
interface ShopperPage {
  readonly name: string;
  readonly open: (page: Page) => Promise<Frame | undefined>;
}

async function shopperPages(): Promise<ShopperPage[]> {
  const { server, shop } = world;
  for (const [sku, name] of Object.entries(LONG_NAMES)) {
    await callApi(server, 'POST', '/api/v2/products', {
      name,
      price: 1899,
      currency: 'USD',
      merchant_product_id: sku,
    });
  }
  const redirects = { success_url: `${shop.origin}/thanks`, failure_url: `${shop.origin}/cart` };
  const longLines = Object.entries(LONG_NAMES).map(([sku, name]) => ({
    product_id: sku,
    name,
    price: 1899,
    quantity: 12,
    currency: 'USD',
  }));
  const eligible = await createCheckout(server, [], { ...redirects, line_items: longLines.slice(0, 2) });
  const split = await createCheckout(server, [], {
    ...redirects,
    line_items: [...longLines, { ...longLines[0], product_id: 'sku-tissue' }],
  });
  const paid = await createCheckout(server, ['sku-ibuprofen'], redirects);
  await callApi(server, 'POST', `/v2/test_helpers/checkout/${paid.checkout_id}/pay`, {});
  const link = await createPaymentLink(server, {
    success_url: `${shop.origin}/paid`,
    description: LONG_NAMES.readers,
  });
  const trial = await createPaymentLink(server, {
    customer,
    description: LONG_NAMES.vitamins,
    payment_type: 'subscription',
    subscription: { interval: 'monthly', interval_count: 1, trial_period_days: 7 },
    success_url: `${shop.origin}/paid`,
  });
  const cancelled = await createPaymentLink(server, { customer, success_url: `${shop.origin}/paid` });
  await callApi(server, 'POST', `/v2/payment-links/${cancelled.id}/cancel`, {});
  const expiring = await createCheckout(server, ['sku-tissue'], redirects);
  const wrongToken = new URL(eligible.checkout_url);
  wrongToken.searchParams.set('token', 'wrong');
  const visit = (url: string) => async (page: Page) => {
    await page.goto(url);
    return undefined;
  };
  return [
    { name: 'checkout, eligible, with the test-card table', open: visit(eligible.checkout_url) },
    { name: 'checkout, split', open: visit(split.checkout_url) },
    {
      name: 'checkout, declined',
      open: async (page) => {
        await page.goto(split.checkout_url);
        await page.getByLabel('HSA/FSA card number').fill('4000000000000119');
        await page.getByLabel('Other card number').fill('4242424242424242');
        await page.getByRole('button', { name: /^Pay/ }).click();
        await page.getByRole('alert').waitFor();
        return undefined;
      },
    },
    { name: 'payment link asking who pays', open: visit(link.url) },
    {
      name: 'payer form refused',
      open: async (page) => {
        await page.goto(link.url);
        await page.getByLabel('Card number').fill('4242424242424242');
        await page.getByRole('button', { name: /^Pay/ }).click();
        await page.getByRole('alert').waitFor();
        return undefined;
      },
    },
    { name: 'subscription disclosure with a trial', open: visit(trial.url) },
    {
      name: 'payment cancelled',
      open: async (page) => {
        await page.goto(trial.url);
        await page.getByRole('button', { name: 'Cancel' }).click();
        await page.getByRole('heading', { name: 'Payment cancelled' }).waitFor();
        return undefined;
      },
    },
    {
      name: 'payment complete, in the embedded frame',
      open: async (page) => {
        const completing = await createCheckout(server, [], {
          ...redirects,
          line_items: longLines.slice(0, 1),
        });
        await page.goto(`${shop.origin}/shop?checkout_url=${encodeURIComponent(completing.checkout_url)}`);
        const frame = page.frameLocator('iframe[title="Secure checkout"]');
        await frame.getByLabel('HSA/FSA card number').fill('4000000000000200');
        await frame.getByRole('button', { name: /^Pay/ }).click();
        await frame.getByRole('heading', { name: 'Payment complete' }).waitFor();
        return page.frames().find((candidate) => candidate.url().includes('/checkout/'));
      },
    },
    { name: 'already paid', open: visit(paid.checkout_url) },
    { name: 'link cancelled', open: visit(cancelled.url) },
    {
      name: 'expired',
      open: async (page) => {
        await callApi(server, 'POST', '/v2/test_helpers/clock/advance', { seconds: 25 * 3600 });
        await page.goto(expiring.checkout_url);
        return undefined;
      },
    },
    { name: 'wrong token', open: visit(wrongToken.href) },
  ];
}

test.skipIf(SKIP_BROWSER)(
  'no shopper page is wider than a 320 or 375 px screen, even with long product names',
  async () => {
    const pages = await shopperPages();
    const tooWide: unknown[] = [];
    for (const shopperPage of pages) {
      for (const width of WIDTHS) {
        const page = await world.browser.context.newPage();
        await page.setViewportSize({ width, height: 900 });
        const frame = await shopperPage.open(page);
        const measured = await overflowOf(frame ?? page);
        if (measured.scrollWidth > measured.width || measured.past.length > 0) {
          tooWide.push({
            page: shopperPage.name,
            viewport: width,
            scrollWidth: measured.scrollWidth,
            past: measured.past.slice(0, 4),
          });
        }
        await page.close();
      }
    }
    expect(tooWide).toEqual([]);
    expect(pages).toHaveLength(12);
  },
);
