import { basename } from 'node:path';
import { createMockService, type MockService } from '@glm/mock-server';
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
 * When the file ends, it prints the file's coverage: what its tests exercised and what they never did
 * (the counts survive the resets between tests). Give it the file's `import.meta.url` to name it.
 */
export function useMockService(file: string) {
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
  afterAll(() => {
    server.close();
    process.stdout.write(coverageSummary(basename(new URL(file).pathname), mock));
  });
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

/** A file's coverage in four lines: the shares, then what its tests never called, received or paid with. */
function coverageSummary(name: string, mock: MockService): string {
  const { totals, missing } = mock.coverage();
  return [
    `${name}: ${totals.operations.used}/${totals.operations.total} operations, ${totals.error_answers.used}/${totals.error_answers.total} documented error answers, ${totals.event_types.delivered}/${totals.event_types.total} event types delivered, ${totals.test_cards.used}/${totals.test_cards.total} test cards`,
    `  never called: ${missing.operations.map((entry) => entry.operation).join(', ')}`,
    `  never delivered: ${missing.event_types_never_delivered.join(', ')}`,
    `  test cards never used: ${missing.test_card_outcomes.map((card) => `${card.number} (${card.decline_code ?? card.outcome})`).join(', ')}`,
    '',
  ].join('\n');
}
