import { createMockService } from '@glm/mock-server';
import { mockHandlers } from '@glm/mock-server/msw';
import { Glm } from '@glm/sdk';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';

/** Any base URL works: msw answers it in-process. */
const BASE_URL = 'https://api.glm.test';

/** The shop's catalog, as the service knows it: a thermometer is HSA/FSA eligible, a mug is not. */
const THERMOMETER = { sku: 'thermo-1', name: 'Digital Thermometer', priceCents: 1_299 };
export const MUG = { sku: 'mug-1', name: 'Coffee Mug', priceCents: 1_500 };

/**
 * The reference server in-process for one test file: msw answers every request under `BASE_URL`, an
 * unhandled request fails the test, and each test starts from the seed (and the initial clock) again.
 */
export function useMockService() {
  const mock = createMockService({
    seed: {
      products: [THERMOMETER, MUG].map((product) => ({
        name: product.name,
        price: product.priceCents,
        currency: 'USD',
        merchant_product_id: product.sku,
      })),
    },
  });
  const server = setupServer(...mockHandlers(mock, { baseUrl: BASE_URL }));
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => mock.reset());
  afterAll(() => server.close());
  // The client as the shop configures it in production, retries included: a refused call (a 409 on an
  // expired session) is never retried, and the transient failures the tests ask for (faults.test.ts) are.
  const glm = new Glm({ apiKey: mock.keys.test, baseUrl: BASE_URL, logLevel: 'off' });
  return { mock, glm };
}

/** A cart of `quantity` thermometers. */
export function cartOf(id: string, quantity = 1) {
  return {
    id,
    customer: { email: 'ada@example.com', first_name: 'Ada', last_name: 'Lovelace' },
    lines: [{ ...THERMOMETER, quantity }],
  };
}
