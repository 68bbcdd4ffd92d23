import { defineConfig } from 'tsup';

export default defineConfig({
  entry: {
    index: 'src/index.ts',
    machines: 'src/machines/index.ts',
    'test-helpers': 'src/test-helpers.ts',
  },
  format: ['esm', 'cjs'],
  dts: true,
  clean: true,
  sourcemap: true,
  target: 'node20',
  platform: 'neutral',
});
