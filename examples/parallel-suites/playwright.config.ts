import { defineConfig } from '@playwright/test';

// Run by test/recipes.test.ts against a server it starts (GLM_BASE_URL, GLM_API_KEY); in a project of
// your own, start `glm-mock serve` with `webServer` instead (see the mock server's README).
export default defineConfig({
  testDir: './playwright',
  workers: 2,
  fullyParallel: true,
  reporter: 'list',
});
