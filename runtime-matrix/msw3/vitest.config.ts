import { fileURLToPath } from 'node:url';
import { defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';

const here = fileURLToPath(new URL('.', import.meta.url));

// The mock server's adapter imports `msw` from its own package, where msw 2 is installed; every `msw`
// import (the adapter's included) must reach this package's msw 3 instead.
export default defineConfig({
  root: here,
  resolve: { conditions: ['@glm/source'], dedupe: ['msw'] },
  ssr: { resolve: { conditions: ['@glm/source', ...defaultServerConditions] } },
  plugins: [
    {
      name: 'msw-3-everywhere',
      enforce: 'pre',
      async resolveId(source) {
        if (source !== 'msw' && !source.startsWith('msw/')) return null;
        return this.resolve(source, `${here}adapter.test.ts`, { skipSelf: true });
      },
    },
  ],
  test: {
    include: ['*.test.ts'],
    setupFiles: [fileURLToPath(new URL('../../scripts/vitest-fail-on-console.ts', import.meta.url))],
  },
});
