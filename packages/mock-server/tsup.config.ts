import { defineConfig } from 'tsup';

export default defineConfig([
  {
    entry: {
      index: 'src/index.ts',
      msw: 'src/adapters/msw.ts',
      node: 'src/adapters/node.ts',
    },
    format: ['esm', 'cjs'],
    // tsconfig.json is a composite project of `tsc -b`; tsup's declaration build checks the entries alone.
    dts: { compilerOptions: { composite: false } },
    clean: true,
    // spawnServer finds the package's bin from import.meta.url, which the CommonJS build shims.
    shims: true,
    sourcemap: true,
    target: 'node20',
    platform: 'node',
  },
  {
    entry: { cli: 'src/cli/main.ts' },
    format: ['esm'],
    dts: false,
    clean: false,
    sourcemap: true,
    target: 'node20',
    platform: 'node',
    banner: { js: '#!/usr/bin/env node' },
  },
]);
