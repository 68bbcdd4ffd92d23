import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { checkoutRequest } from '../../../../test/support/fixtures.ts';

// The CLI as a child process, built from the sources here (esbuild, a dev dependency of this package), so
// the test needs no prior `pnpm build` and runs exactly the code under test.
let work: string;
let cli: string;

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'glm-kill-'));
  cli = join(work, 'cli.mjs');
  await build({
    entryPoints: [fileURLToPath(new URL('../../main.ts', import.meta.url))],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outfile: cli,
    conditions: ['@glm/source'],
    logLevel: 'silent',
  });
}, 30_000);

afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

interface Served {
  readonly child: ChildProcess;
  readonly url: string;
  readonly key: string;
  readonly stderr: () => string;
  readonly exited: Promise<number | null>;
}

async function serve(dir: string): Promise<Served> {
  const child = spawn(process.execPath, [cli, 'serve', '--data', dir, '--port', '0'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    err += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const ready = await new Promise<{ url: string; key: string }>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const url = /listening on (\S+)/.exec(out)?.[1];
      const key = /test key: (\S+)/.exec(out)?.[1];
      if (url !== undefined && key !== undefined) resolve({ url, key });
    });
    void exited.then((code) => reject(new Error(`glm-mock exited ${code}: ${err}`)));
  });
  return { child, ...ready, stderr: () => err, exited };
}

const headers = (key: string) => ({ authorization: `Bearer ${key}`, 'content-type': 'application/json' });

/** A GET that waits out the server's rate limit (100 requests a second per key). */
async function get(url: string, key: string): Promise<Response> {
  for (;;) {
    const response = await fetch(url, { headers: headers(key) });
    if (response.status !== 429) return response;
    await response.arrayBuffer();
    await new Promise((resolve) =>
      setTimeout(resolve, 1000 * Number(response.headers.get('retry-after') ?? 1)),
    );
  }
}

async function allProducts(server: Served): Promise<{ id: number; merchant_product_id: string }[]> {
  const found: { id: number; merchant_product_id: string }[] = [];
  let after: number | undefined;
  for (;;) {
    const query = after === undefined ? '' : `&starting_after=${after}`;
    const response = await get(`${server.url}/api/v2/products?limit=100${query}`, server.key);
    const page = (await response.json()) as {
      data: { id: number; merchant_product_id: string }[];
      has_more: boolean;
    };
    found.push(...page.data);
    if (!page.has_more) return found;
    after = page.data[page.data.length - 1]?.id;
  }
}

test('every change answered 2xx before a SIGKILL is there after a restart on the same directory', async () => {
  const dir = join(work, 'data');
  const first = await serve(dir);
  const acknowledged = new Map<string, unknown>();
  const checkouts = new Map<string, unknown>();
  let stop = false;
  let sent = 0;
  const worker = async (n: number): Promise<void> => {
    for (let i = 0; !stop; i++) {
      const sku = `sku-${n}-${i}`;
      sent += 1;
      try {
        const created = await fetch(`${first.url}/api/v2/products`, {
          method: 'POST',
          headers: headers(first.key),
          body: JSON.stringify({
            name: `Item ${sku}`,
            price: 250 + i,
            currency: 'USD',
            merchant_product_id: sku,
          }),
        });
        const body = await created.json();
        if (created.status === 201) acknowledged.set(sku, body);
        const checkout = await fetch(`${first.url}/api/v2/checkout`, {
          method: 'POST',
          headers: { ...headers(first.key), 'idempotency-key': `ck-${sku}` },
          body: JSON.stringify(checkoutRequest([sku], { reference_id: sku })),
        });
        const session = (await checkout.json()) as { data: { checkout_id: string } };
        if (checkout.status === 201) checkouts.set(session.data.checkout_id, session);
      } catch {
        return; // the server was killed under this request: it was never acknowledged
      }
    }
  };
  const workers = [0, 1, 2, 3, 4, 5].map(worker);
  // Kill while the workers are mid-traffic: after enough acknowledged writes, with requests in flight.
  while (acknowledged.size < 120) await new Promise((resolve) => setTimeout(resolve, 5));
  first.child.kill('SIGKILL');
  await first.exited;
  stop = true;
  await Promise.all(workers);
  expect(sent).toBeGreaterThan(acknowledged.size);
  expect(checkouts.size).toBeGreaterThan(20);

  const second = await serve(dir);
  expect(second.key).toBe(first.key);
  const listed = await allProducts(second);
  const byId = new Map(listed.map((product) => [product.id, product]));
  for (const body of acknowledged.values()) expect(byId.get((body as { id: number }).id)).toEqual(body);
  // The sessions acknowledged last are the ones a lost batch would drop.
  for (const [id, body] of [...checkouts].slice(-40)) {
    const response = await get(`${second.url}/api/v2/checkout/${id}`, second.key);
    expect(response.status).toBe(200);
    expect(((await response.json()) as { data: unknown }).data).toEqual((body as { data: unknown }).data);
  }
  const skus = new Set(listed.map((product) => product.merchant_product_id));
  expect(skus.size).toBe(listed.length);
  for (const sku of acknowledged.keys()) expect(skus.has(sku)).toBe(true);
  // An idempotent retry of an acknowledged checkout replays it rather than creating another.
  const [firstCheckoutId, firstCheckout] = [...checkouts][0] ?? [];
  const reference = (firstCheckout as { data: { reference_id: string } }).data.reference_id;
  const retry = await fetch(`${second.url}/api/v2/checkout`, {
    method: 'POST',
    headers: { ...headers(second.key), 'idempotency-key': `ck-${reference}` },
    body: JSON.stringify(checkoutRequest([reference], { reference_id: reference })),
  });
  expect(retry.headers.get('idempotent-replayed')).toBe('true');
  expect(((await retry.json()) as { data: { checkout_id: string } }).data.checkout_id).toBe(firstCheckoutId);

  // A clean stop folds the journal into the snapshot; the next start lists exactly the same products.
  second.child.kill('SIGTERM');
  expect(await second.exited).toBe(0);
  const third = await serve(dir);
  expect(await allProducts(third)).toEqual(listed);
  third.child.kill('SIGKILL');
  await third.exited;
}, 30_000);

test('a second server on the same directory refuses while the first runs', async () => {
  const dir = join(work, 'locked');
  const first = await serve(dir);
  await expect(serve(dir)).rejects.toThrow(/in use by another glm-mock server \(process \d+/);
  first.child.kill('SIGKILL');
  await first.exited;
  const after = await serve(dir);
  expect(after.stderr()).toMatch(/taking over the lock .* no longer running/);
  after.child.kill('SIGKILL');
  await after.exited;
});
