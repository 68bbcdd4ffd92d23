import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { Glm } from '@glm/sdk';
import { expect, onTestFinished, test, vi } from 'vitest';
import { createMerchantApp } from '../src/app.ts';
import { CATALOG, syncCatalog } from '../src/catalog.ts';
import { createWarehouse } from '../src/fulfilment.ts';

// The shop's webhook route against `glm-mock serve` in another process (run from the workspace's
// source), whose fault rules forge, age, re-sign or drop the first attempt of each delivery: the shop
// refuses every forgery and ships each paid order exactly once, when the genuine retry arrives.
const CLI = fileURLToPath(new URL('../../../packages/mock-server/src/cli/main.ts', import.meta.url));

async function serveInAnotherProcess(): Promise<{ url: string; testKey: string }> {
  const child: ChildProcess = spawn(
    process.execPath,
    ['--conditions=@glm/source', '--import', 'tsx', CLI, 'serve', '--port', '0', '--rate-limit', 'off'],
    { cwd: fileURLToPath(new URL('..', import.meta.url)), stdio: ['ignore', 'pipe', 'inherit'] },
  );
  onTestFinished(async () => {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  });
  let stdout = '';
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`glm-mock serve exited (${code}): ${stdout}`)));
    child.stdout?.on('data', (chunk: Buffer) => {
      stdout += chunk.toString('utf8');
      const url = /^glm-mock listening on (\S+)$/m.exec(stdout)?.[1];
      const testKey = /^test key: (\S+)$/m.exec(stdout)?.[1];
      if (url !== undefined && testKey !== undefined) resolve({ url, testKey });
    });
  });
}

async function startShop() {
  const mock = await serveInAnotherProcess();
  const glm = new Glm({ apiKey: mock.testKey, baseUrl: mock.url, logLevel: 'off' });
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  onTestFinished(() => {
    server.closeAllConnections();
    server.close();
  });
  const shopUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const endpoint = await glm.testHelpers.webhookEndpoints.create({
    url: `${shopUrl}/webhooks/glm`,
    events: ['order.completed'],
  });
  const warehouse = createWarehouse();
  server.on(
    'request',
    createMerchantApp({
      glm,
      catalog: CATALOG,
      warehouse,
      webhookSecret: endpoint.secret,
      publicUrl: shopUrl,
    }),
  );
  await syncCatalog(glm, CATALOG);
  return { glm, warehouse, shopUrl, endpointId: endpoint.id };
}

const cart = {
  cart_id: 'cart-7',
  customer: { email: 'ada@example.com', first_name: 'Ada', last_name: 'Lovelace' },
  items: [{ sku: 'thermo-1', quantity: 1 }],
  shipping_address: {
    address_line_1: '1 Main St',
    city: 'Austin',
    state: 'TX',
    postal_code: '78701',
    country: 'US',
  },
};

test.each([
  { signature: 'invalid' },
  { signature: 'stale' },
  { signature: 'wrong_secret' },
  { signature: 'missing' },
  { bearer: 'invalid' },
  { drop: true },
] as const)(
  '%j on the first attempt: refused, and the order ships once after the genuine retry',
  { timeout: 60_000 },
  async (fault) => {
    const shop = await startShop();
    const rule = await shop.glm.testHelpers.faults.create({
      match: { webhook: { endpoint: shop.endpointId, event_type: 'order.completed' } },
      fault,
    });
    const created = await fetch(`${shop.shopUrl}/checkout`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(cart),
    });
    const { checkout_id } = (await created.json()) as { checkout_id: string };
    const { order } = await shop.glm.testHelpers.checkout.pay(checkout_id);
    await shop.glm.testHelpers.webhookDeliveries.flush();
    const first = await shop.glm.testHelpers.webhookDeliveries.list();
    const delivery = first.data.find((one) => one.event_type === 'order.completed');
    expect(delivery?.attempts.map((attempt) => [attempt.status_code, attempt.fault])).toEqual([
      ['drop' in fault ? null : 400, rule.id],
    ]);
    expect(shop.warehouse.shipments()).toEqual([]);

    await shop.glm.testHelpers.clock.advance({ seconds: 30 });
    await shop.glm.testHelpers.webhookDeliveries.flush();
    await vi.waitFor(() =>
      expect(shop.warehouse.shipments().map((shipment) => shipment.orderId)).toEqual([order?.id]),
    );
    const after = await shop.glm.testHelpers.webhookDeliveries.list({ status: 'delivered' });
    expect(
      after.data.find((one) => one.id === delivery?.id)?.attempts.map((attempt) => attempt.status_code),
    ).toEqual(['drop' in fault ? null : 400, 200]);
  },
);
