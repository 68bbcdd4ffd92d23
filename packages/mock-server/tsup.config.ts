import { defineConfig } from 'tsup';
import { englishOnlyZod } from './build/english-only-zod.ts';

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
    format: ['esm', 'cjs'],
    dts: false,
    clean: false,
    sourcemap: true,
    target: 'node20',
    platform: 'node',
    banner: { js: '#!/usr/bin/env node' },
    // The CLI is one program, not a library: zod and @glm/domain are bundled into it, so Node reads a
    // few files instead of resolving and compiling zod's and the domain's modules one by one (the library
    // entries above keep them external; zod's license ships in THIRD_PARTY_LICENSES.md). The commands
    // other than `serve`, and what only some of serve's options need, stay in chunks of their own
    // (`dist/cli/`), loaded when used. The CommonJS build (`dist/cli.cjs`, one file, what the ESM build
    // keeps in chunks wrapped to run when first used) is for Node 20, where the bin runs it through a
    // V8 code cache of its own (src/cli/bin/code-cache.ts); later Nodes run the ESM build.
    noExternal: [/^zod(\/|$)/, /^@glm\/domain(\/|$)/],
    esbuildPlugins: [englishOnlyZod],
    esbuildOptions(options) {
      options.chunkNames = 'cli/[name]-[hash]';
      // The domain from its sources, as its own build reads them (not its dist's chunks).
      options.conditions = ['@glm/source'];
    },
  },
  {
    // The Node 20 start of the bin (bin/glm-mock.js): the CommonJS CLI bundle run with a V8 code cache.
    entry: { 'code-cache': 'src/cli/bin/code-cache.ts' },
    format: ['cjs'],
    dts: false,
    clean: false,
    target: 'node20',
    platform: 'node',
  },
]);
