import { availableParallelism } from 'node:os';
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
    // vitest's default for `run` is one worker fewer than the cores (one worker on two); the main process
    // mostly waits, and so do the socket, child-process and browser tests, so two workers finish the
    // suite in about 60 % of the time on two cores.
    maxWorkers: Math.max(availableParallelism() - 1, 2),
    restoreMocks: true,
    unstubEnvs: true,
    unstubGlobals: true,
    setupFiles: [fileURLToPath(new URL('./scripts/vitest-fail-on-console.ts', import.meta.url))],
    projects: [
      {
        extends: true,
        test: {
          name: 'domain',
          // The three packages' tests share one module graph per worker instead of a fresh process per
          // file (the default), which cost more than the tests themselves. They hold no module state
          // between files: each test builds its own service and client; env stubs and mocks are undone
          // after each test (above), fake timers in the files that use them.
          isolate: false,
          root: 'packages/domain',
          include: ['src/**/*.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'sdk',
          isolate: false, // as the domain's
          root: 'packages/sdk',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'mock-server',
          isolate: false, // as the domain's
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
