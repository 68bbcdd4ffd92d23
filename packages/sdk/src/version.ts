/**
 * This package's version, as `package.json` says; `x-glm-client` and `User-Agent` carry it.
 * `scripts/sync-sdk-version.mjs` writes it after `changeset version`, and a test fails when the two differ.
 */
export const VERSION = '0.0.0';
