import type { Plugin } from 'esbuild';

/**
 * An esbuild plugin for the CLI bundle: zod's `locales` namespace carries the error messages of every
 * language zod speaks, and its module brings them all in although zod uses only English unless told
 * otherwise (`z.config(z.locales.xx())`, which nothing in the CLI calls). In the bundle it is English
 * alone. The library entries import zod itself and keep every locale.
 */
export const englishOnlyZod: Plugin = {
  name: 'english-only-zod',
  setup(build) {
    build.onLoad({ filter: /[\\/]zod[\\/]v4[\\/]locales[\\/]index\.js$/ }, () => ({
      contents: 'export { default as en } from "./en.js";\n',
      loader: 'js',
    }));
  },
};
