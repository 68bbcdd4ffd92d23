// Bundles mock-server internals that the package does not export (the engine behind a service, for
// bulk seeding) from its TypeScript sources with esbuild, into bench/.tmp/ (git-ignored).
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = new URL('../../', import.meta.url);
const mockServer = new URL('packages/mock-server/', root);

/** esbuild as the mock server resolves it (a dev dependency there). */
const esbuild = () => createRequire(new URL('package.json', mockServer)).resolve('esbuild');

/**
 * Bundles the TypeScript module at `entry` (a file URL or path) to bench/.tmp/<name>.mjs and answers
 * that path. Workspace packages resolve to their sources through the `@glm/source` condition; `plugins`
 * are esbuild's (a section that builds a variant of the sources, such as the coverage section's baseline).
 */
export async function bundle(entry, name, plugins = []) {
  const { build } = await import(pathToFileURL(esbuild()).href);
  const outfile = fileURLToPath(new URL(`bench/.tmp/${name}.mjs`, root));
  await build({
    entryPoints: [entry instanceof URL ? fileURLToPath(entry) : entry],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    conditions: ['@glm/source'],
    outfile,
    logLevel: 'warning',
    plugins,
  });
  return outfile;
}

/** {@link bundle}, then imports the bundle. */
export async function importBundled(entry, name) {
  return import(pathToFileURL(await bundle(entry, name)).href);
}
