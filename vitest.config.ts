import { fileURLToPath } from 'node:url';
import { defaultClientConditions, defaultServerConditions } from 'vite';
import { configDefaults, defineConfig } from 'vitest/config';

// Workspace packages resolve to their TypeScript sources through the `@glm/source` export condition,
// so tests run without a build.
const conditions = ['@glm/source'];

export default defineConfig({
  resolve: { conditions: [...conditions, ...defaultClientConditions] },
  ssr: { resolve: { conditions: [...conditions, ...defaultServerConditions] } },
  test: {
    restoreMocks: true,
    setupFiles: [fileURLToPath(new URL('./scripts/vitest-fail-on-console.ts', import.meta.url))],
    projects: [
      {
        extends: true,
        test: {
          name: 'domain',
          root: 'packages/domain',
          include: ['src/**/*.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'sdk',
          root: 'packages/sdk',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'mock-server',
          root: 'packages/mock-server',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          exclude: [...configDefaults.exclude, 'test/browser/**'],
        },
      },
      {
        extends: true,
        test: {
          // The hosted pages in Debian's chromium (playwright-core); GLM_SKIP_BROWSER=1 skips them, loudly.
          name: 'browser',
          root: 'packages/mock-server',
          include: ['test/browser/**/*.test.ts'],
          globalSetup: ['test/browser/support/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          // Every example against the mock server (the Jest suite runs after the build: scripts/test.mjs).
          name: 'examples',
          root: 'examples',
          include: ['*/src/**/*.test.ts', '*/test/**/*.test.ts'],
        },
      },
    ],
  },
});
