import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startServer } from '@glm/mock-server/node';
import { Glm } from '@glm/sdk';
import { expect, onTestFinished, test } from 'vitest';
import { createMerchantServer } from '../src/server.ts';

// Node-side checks of the merchant's part: the page, its bundle and the session endpoint, against the
// standalone mock server. The flow in a real browser is tested in packages/mock-server/test/browser.
async function startMerchant() {
  const mock = await startServer({
    port: 0,
    seed: {
      products: [
        { name: 'Digital Thermometer', price: 1_299, currency: 'USD', merchant_product_id: 'thermo-1' },
      ],
    },
  });
  const glm = new Glm({ apiKey: mock.service.keys.test, baseUrl: mock.url, maxRetries: 0, logLevel: 'off' });
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  server.on('request', await createMerchantServer({ glm, origin }));
  onTestFinished(async () => {
    server.closeAllConnections();
    server.close();
    await mock.close().catch(() => undefined); // one test stops it early
  });
  return { mock, glm, origin };
}

test('the page is served with its mount point and a self-contained script that embeds the checkout', async () => {
  const { origin } = await startMerchant();

  const page = await fetch(`${origin}/`);
  const script = await fetch(`${origin}/page.js`);

  expect(page.headers.get('content-type')).toMatch(/^text\/html/);
  const html = await page.text();
  expect(html).toContain('<div id="checkout"></div>');
  expect(html).toContain('<script type="module" src="/page.js"></script>');
  expect(script.headers.get('content-type')).toMatch(/^text\/javascript/);
  const code = await script.text();
  expect(code).toContain('embed_origin'); // mountCheckout, bundled in
  expect(code).toContain('/api/checkout');
  expect(code).not.toMatch(/\bfrom\s*["']@glm\//); // nothing left for the browser to resolve
});

test('the session is created on the server, for this origin, and its hosted page lets this origin frame it', async () => {
  const { mock, glm, origin } = await startMerchant();

  const response = await fetch(`${origin}/api/checkout`, { method: 'POST' });

  expect(response.status).toBe(201);
  const { checkout_url } = (await response.json()) as { checkout_url: string };
  expect(checkout_url.startsWith(`${mock.url}/checkout/cs_`)).toBe(true);
  const session = await glm.checkout.get(new URL(checkout_url).pathname.split('/')[2] ?? '');
  expect(new URL(session.success_url).origin).toBe(origin);
  expect(session).toMatchObject({ status: 'open', type: 'eligible' });
  const framed = new URL(checkout_url);
  framed.searchParams.set('embed_origin', origin);
  const hosted = await fetch(framed);
  expect(hosted.status).toBe(200);
  expect(hosted.headers.get('content-security-policy')).toContain(`frame-ancestors ${origin}`);
});

test('when the service is unreachable the page gets a 502 that reveals nothing', async () => {
  const { mock, origin } = await startMerchant();
  await mock.close();

  const response = await fetch(`${origin}/api/checkout`, { method: 'POST' });

  expect(response.status).toBe(502);
  expect(await response.json()).toEqual({ error: 'checkout_unavailable' });
});
