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
  // tsconfig.json is a composite project of `tsc -b`; tsup's declaration build checks the entries alone.
  dts: { compilerOptions: { composite: false } },
  clean: true,
  sourcemap: true,
  target: 'node20',
  platform: 'neutral',
  // ky is bundled into both builds and is not a dependency (a dev dependency for the build; its license
  // ships in THIRD_PARTY_LICENSES.md). It ships ES modules only, so a CommonJS consumer (`require` before
  // Node 20.19, Jest without VM modules) cannot load it from node_modules. zod and @glm/domain stay
  // external dependencies. scripts/check-packed-tarball.mjs checks the packed dist.
  noExternal: ['ky'],
  // ky's license notice stays where ky's code is, rather than moved to the end of the file under a
  // "Bundled license information" header: the same notice, and a bundler that re-bundles the entry keeps
  // it without nesting one header in another (18 B of `import { Glm }`, min+gzip).
  esbuildOptions(options) {
    options.legalComments = 'inline';
  },
});
