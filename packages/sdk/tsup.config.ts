import { defineConfig } from 'tsup';

export default defineConfig({
  entry: {
    index: 'src/index.ts',
    webhooks: 'src/webhooks/index.ts',
    embed: 'src/embed/index.ts',
    testing: 'src/testing/index.ts',
    validation: 'src/validation/index.ts',
  },
  format: ['esm', 'cjs'],
  dts: true,
  clean: true,
  sourcemap: true,
  target: 'node20',
  platform: 'neutral',
  // Every dependency (ky, zod, @glm/domain) stays external: a declared dependency, never bundled. ky is
  // ESM-only; the client loads it with a dynamic `import()`, which the CommonJS build keeps as is, so
  // `require('@glm/sdk')` works on every Node 20. test/packed-tarball.test.ts checks the packed dist.
});
