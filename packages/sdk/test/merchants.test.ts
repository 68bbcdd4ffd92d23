import { type RunningServer, startServer } from '@glm/mock-server/node';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { Glm } from '../src/client.ts';
import { AuthenticationError } from '../src/errors/authentication-error.ts';
import { ConflictError } from '../src/errors/conflict-error.ts';
import { NotFoundError } from '../src/errors/not-found-error.ts';
import { responseSchemas } from '../src/validation/index.ts';
import { checkoutRequest, productRequest, rejectionOf, thermometerLine } from './support/use-mock-glm.ts';

// D34 through the SDK, over real HTTP: a merchant per suite on one shared server.

let server: RunningServer;
let admin: Glm;
const client = (apiKey: string) =>
  new Glm({ apiKey, baseUrl: server.url, logLevel: 'off', responseSchemas, maxRetries: 0 });
beforeAll(async () => {
  server = await startServer({ now: '2025-03-01T12:00:00.000Z', rateLimit: false });
  admin = client(server.service.keys.test);
});
afterAll(() => server.close());

test('a merchant made with merchants.create is a sandbox of its own, and deleteCurrent retires its key', async () => {
  const merchant = await admin.testHelpers.merchants.create({ name: 'suite B' });
  expect(merchant.keys.test).toMatch(/^glm_test_/);
  const mine = client(merchant.keys.test);
  expect(await mine.testHelpers.merchants.current()).toEqual({
    id: merchant.id,
    name: 'suite B',
    created_at: merchant.created_at,
  });
  await mine.products.create(productRequest({ merchant_product_id: 'thermo-1' }));
  const session = await mine.checkout.create(checkoutRequest([thermometerLine()]));
  await mine.testHelpers.clock.advance({ seconds: 3600 });

  // The first merchant sees none of it, and its clock did not move.
  expect((await admin.products.list()).data).toEqual([]);
  expect(await rejectionOf(admin.checkout.get(session.checkout_id))).toBeInstanceOf(NotFoundError);
  expect((await admin.testHelpers.clock.get()).now).toBe('2025-03-01T12:00:00.000Z');
  expect((await mine.testHelpers.clock.get()).now).toBe('2025-03-01T13:00:00.000Z');

  expect(await rejectionOf(admin.testHelpers.merchants.deleteCurrent())).toBeInstanceOf(ConflictError);
  expect(await mine.testHelpers.merchants.deleteCurrent()).toEqual({ id: merchant.id, deleted: true });
  expect(await rejectionOf(mine.products.list())).toBeInstanceOf(AuthenticationError);
});
