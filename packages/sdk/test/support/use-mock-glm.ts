import { createMockService, type MockService, type MockServiceOptions } from '@glm/mock-server';
import { mockHandlers } from '@glm/mock-server/msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { Glm } from '../../src/client.ts';
import { responseSchemas } from '../../src/validation/index.ts';

// The request bodies all three packages' tests share.
export {
  checkoutRequest,
  paymentLinkRequest,
  productRequest,
  subscriptionRequest,
} from '@glm/test-fixtures';

import { checkoutLine } from '@glm/test-fixtures';

/** The base URL the in-process reference server answers under. */
export const BASE_URL = 'https://api.glm.test';

/**
 * Runs the reference server in-process (msw, unhandled requests are errors) for the tests of one file
 * and answers a client on its test key, validating every answer with the domain's schemas. Retries are off so every documented error surfaces at once;
 * check-eligibility allows 3 calls a minute so its 429 is cheap to reach. `options` go to the service
 * (a fixed `now`, seed data, …).
 */
export function useMockGlm(options: MockServiceOptions = {}): { mock: MockService; glm: Glm } {
  const mock = createMockService({
    rateLimit: { eligibility: { test: { limit: 3, windowMs: 60_000 } } },
    ...options,
  });
  const server = setupServer(...mockHandlers(mock, { baseUrl: BASE_URL }));
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => mock.reset());
  afterAll(() => server.close());
  const glm = new Glm({
    apiKey: mock.keys.test,
    baseUrl: BASE_URL,
    maxRetries: 0,
    logLevel: 'off',
    responseSchemas,
  });
  return { mock, glm };
}

/** The rejection of a call, for asserting on the error object. */
export async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  let value: unknown;
  try {
    value = await promise;
  } catch (error) {
    return error;
  }
  throw new Error(`expected the call to fail; it answered ${JSON.stringify(value)}`);
}

/**
 * Two units of the `thermo-1` product at $12.99: the line of the SDK tests' checkouts (create or seed that
 * product for an eligible cart).
 */
export function thermometerLine() {
  return checkoutLine('thermo-1', { name: 'Digital Thermometer', price: 1_299, quantity: 2 });
}
