import { Glm, type MerchantWithKeys } from '@glm/sdk';
import { test as base } from '@playwright/test';

// One glm-mock serve for the whole run (GLM_BASE_URL, GLM_API_KEY: the lines it prints), and a merchant
// of its own per worker: workers never share a catalog, a clock or a reset.
const baseUrl = process.env['GLM_BASE_URL'] ?? 'http://127.0.0.1:4010';
const serverKey = process.env['GLM_API_KEY'] ?? '';

export const test = base.extend<{ glm: Glm }, { merchant: MerchantWithKeys }>({
  // Made once per worker, removed when the worker ends.
  merchant: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
    async ({}, use, workerInfo) => {
      const server = new Glm({ apiKey: serverKey, baseUrl });
      const merchant = await server.testHelpers.merchants.create({
        name: `worker ${workerInfo.workerIndex}`,
      });
      await use(merchant);
      await new Glm({ apiKey: merchant.keys.test, baseUrl }).testHelpers.merchants.deleteCurrent();
    },
    { scope: 'worker' },
  ],
  // Each test starts from the seed again: the reset acts on this worker's merchant only.
  glm: async ({ merchant }, use) => {
    const glm = new Glm({ apiKey: merchant.keys.test, baseUrl });
    await glm.testHelpers.reset();
    await use(glm);
  },
});

export { expect } from '@playwright/test';
