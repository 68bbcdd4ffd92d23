import { defineConfig } from 'tsup';

export default defineConfig({
  // `api-key` is a subpath entry without zod: the SDK's client imports the key parser from it, so its
  // bundle does not carry the schemas; `contract` (the route table) is zod-free for the same reason.
  entry: {
    index: 'src/index.ts',
    machines: 'src/machines/index.ts',
    'test-helpers': 'src/test-helpers.ts',
    'api-key': 'src/api-key.ts',
    contract: 'src/contract/index.ts',
  },
  format: ['esm', 'cjs'],
  // tsconfig.json is a composite project of `tsc -b`; tsup's declaration build checks the entries alone.
  dts: { compilerOptions: { composite: false } },
  clean: true,
  sourcemap: true,
  target: 'node20',
  platform: 'neutral',
});
