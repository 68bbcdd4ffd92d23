import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { createCheckout } from './support/browser-env.ts';
import { SKIP_BROWSER } from './support/chromium.ts';
import { shopperWorld } from './support/shopper-world.ts';

const world = shopperWorld();

interface Call {
  readonly type: string;
  readonly checkout_id?: string;
  readonly error?: { readonly code: string };
}

/** Mounts `checkoutUrl` on the merchant's page and waits for its `onError`. */
async function firstError(checkoutUrl: string, extra = ''): Promise<{ page: Page; error: Call }> {
  const page = await world.browser.context.newPage();
  await page.goto(`${world.shop.origin}/shop?checkout_url=${encodeURIComponent(checkoutUrl)}${extra}`);
  await page.waitForFunction(
    () => (window as unknown as { glmCalls: Call[] }).glmCalls.some((call) => call.type === 'checkout.error'),
    undefined,
    { timeout: 10_000 },
  );
  const calls = await page.evaluate(() => (window as unknown as { glmCalls: Call[] }).glmCalls);
  const error = calls.find((call) => call.type === 'checkout.error');
  if (error === undefined) throw new Error('no checkout.error');
  return { page, error };
}

test.skipIf(SKIP_BROWSER)(
  "mounting with a wrong token fires the merchant's onError with the page's own access_denied",
  async () => {
    const session = await createCheckout(world.server, ['sku-ibuprofen'], {
      success_url: `${world.shop.origin}/thanks`,
    });
    const wrong = new URL(session.checkout_url);
    wrong.searchParams.set('token', 'not-the-token');
    const { page, error } = await firstError(wrong.href);
    expect(error).toMatchObject({ checkout_id: session.checkout_id, error: { code: 'access_denied' } });
    await expect(
      page.frameLocator('iframe[title="Secure checkout"]').getByRole('heading').textContent(),
    ).resolves.toBe('Access denied');
    await page.close();
  },
);

test.skipIf(SKIP_BROWSER)(
  "a frame that never reports (an unknown checkout) fires onError with the embed helper's load timeout",
  async () => {
    const unknown = `${world.server.url}/checkout/cs_000000000000000000000000?token=x`;
    const { page, error } = await firstError(unknown, '&load_timeout=1500');
    expect(error).toMatchObject({
      checkout_id: 'cs_000000000000000000000000',
      error: { code: 'checkout_load_timeout' },
    });
    await page.close();
  },
);
