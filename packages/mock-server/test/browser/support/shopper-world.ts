import { afterAll, beforeAll } from 'vitest';
import type { RunningServer } from '../../../src/adapters/node.ts';
import { startMockServer } from './browser-env.ts';
import { launchChromium, SKIP_BROWSER, type TestBrowser } from './chromium.ts';
import { startMerchantSite } from './merchant-site.ts';
import type { TestSite } from './static-site.ts';

/** What a shopper's browser test works with: the mock server, a shop to land on and Chromium. */
export interface ShopperWorld {
  /** The standalone mock server. */
  readonly server: RunningServer;
  /** The merchant's site: redirects land there, and `/shop?checkout_url=…` embeds a checkout. */
  readonly shop: TestSite;
  /** Chromium. */
  readonly browser: TestBrowser;
}

/**
 * Starts a {@link ShopperWorld} before the file's tests and stops it after (nothing when the browser
 * tests are skipped); read it inside a test, once started.
 */
export function shopperWorld(): ShopperWorld {
  let started: ShopperWorld | undefined;
  beforeAll(async () => {
    if (SKIP_BROWSER) return;
    const [server, shop, browser] = await Promise.all([
      startMockServer(),
      startMerchantSite(),
      launchChromium(),
    ]);
    started = { server, shop, browser };
  });
  afterAll(async () => {
    if (started === undefined) return;
    await Promise.all([started.browser.close(), started.server.close(), started.shop.close()]);
  });
  const get = (): ShopperWorld => {
    if (started === undefined) throw new Error('the shopper world is not started yet');
    return started;
  };
  return {
    get server() {
      return get().server;
    },
    get shop() {
      return get().shop;
    },
    get browser() {
      return get().browser;
    },
  };
}
