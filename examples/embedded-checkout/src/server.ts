import { readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Glm } from '@glm/sdk';
import { build } from 'esbuild';

/** What the merchant server needs. */
export interface MerchantServerOptions {
  /** The client, with the secret key: it never reaches the page. */
  readonly glm: Glm;
  /** This server's own origin, e.g. `https://shop.example.com`: where the hosted page posts its messages (D26). */
  readonly origin: string;
}

const file = (path: string) => new URL(path, import.meta.url);

/** Bundles the page script with `@glm/sdk/embed` for the browser (a real shop does this at build time). */
async function bundlePage(): Promise<string> {
  const result = await build({
    entryPoints: [file('./page.ts').pathname],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    write: false,
    // This repository's packages resolve to their sources under this condition; elsewhere it is ignored.
    conditions: ['@glm/source'],
  });
  return result.outputFiles[0]?.text ?? '';
}

/**
 * The merchant's tiny server: the page (`GET /`), its script (`GET /page.js`), the session endpoint
 * (`POST /api/checkout`) and a thank-you page. Answers `node:http` requests.
 */
export async function createMerchantServer(
  options: MerchantServerOptions,
): Promise<(req: IncomingMessage, res: ServerResponse) => void> {
  const [html, script] = await Promise.all([readFile(file('../public/index.html'), 'utf8'), bundlePage()]);
  const send = (res: ServerResponse, status: number, type: string, body: string): void => {
    res.writeHead(status, { 'content-type': `${type}; charset=utf-8` }).end(body);
  };

  const createSession = async () => {
    const session = await options.glm.checkout.create({
      reference_id: `cart-${Date.now()}`,
      customer: { email: 'ada@example.com', first_name: 'Ada', last_name: 'Lovelace' },
      line_items: [
        { product_id: 'thermo-1', name: 'Digital Thermometer', price: 1_299, quantity: 1, currency: 'USD' },
      ],
      shipping_info: {
        address_line_1: '1 Main St',
        city: 'Austin',
        state: 'TX',
        postal_code: '78701',
        country: 'US',
      },
      // Same origin as this page: the hosted checkout may be framed here and posts its messages here.
      success_url: `${options.origin}/thanks?session={CHECKOUT_SESSION_ID}`,
      failure_url: `${options.origin}/`,
    });
    return { checkout_url: session.checkout_url };
  };

  return (req, res) => {
    const path = new URL(req.url ?? '/', options.origin).pathname;
    if (req.method === 'GET' && path === '/') return send(res, 200, 'text/html', html);
    if (req.method === 'GET' && path === '/page.js') return send(res, 200, 'text/javascript', script);
    if (req.method === 'GET' && path === '/thanks') return send(res, 200, 'text/html', '<h1>Thank you!</h1>');
    if (req.method === 'POST' && path === '/api/checkout') {
      createSession().then(
        (body) => send(res, 201, 'application/json', JSON.stringify(body)),
        () => send(res, 502, 'application/json', '{"error":"checkout_unavailable"}'),
      );
      return;
    }
    send(res, 404, 'text/plain', 'Not found');
  };
}
