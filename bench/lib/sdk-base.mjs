// An earlier build of the SDK measured beside the current one in the same run: the SDK's per-call rows
// say what a change costs only when the build before it runs in the same minutes on the same machine.
// `node bench/run.mjs --sdk-base <git ref>` builds `packages/sdk` as it was at that commit into
// bench/.tmp/sdk-base/<commit>/ and hands its dist directory to the sections as GLM_BENCH_SDK_BASE; the
// SDK tasks of the per-call rows then also run on it (`glm-base`, `glm-off-base`; a build from before
// client hooks has no `glm-hooks` row). Both builds share this workspace's ky, zod and @glm/domain.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, symlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));

/** The directory of the earlier build's entry points (`index.js`, `validation.js`), when one is measured. */
export const sdkBaseDir = () => process.env.GLM_BENCH_SDK_BASE || undefined;

/** The short commit the earlier build was made from (its directory's name), when one is measured. */
export const sdkBaseCommit = () => {
  const dir = sdkBaseDir();
  return dir === undefined ? undefined : basename(resolve(dir, '../../..'));
};

/** `Glm` and `responseSchemas` of the earlier build, when one is measured. */
export async function importSdkBase() {
  const dir = sdkBaseDir();
  if (dir === undefined) return undefined;
  const load = (file) => import(pathToFileURL(join(dir, file)).href);
  const [{ Glm }, { responseSchemas }] = await Promise.all([load('index.js'), load('validation.js')]);
  return { Glm, responseSchemas };
}

/**
 * Builds `packages/sdk` at `ref` (its sources as committed) the way tsup builds its ESM entries: ky
 * bundled in, `@glm/domain` and zod left to this workspace's copies (the package's own node_modules is
 * linked in). Answers the build's directory.
 */
export function buildSdkBase(ref) {
  const commit = execFileSync('git', ['rev-parse', '--short', ref], { cwd: root, encoding: 'utf8' }).trim();
  const tree = join(root, 'bench/.tmp/sdk-base', commit);
  const out = join(tree, 'packages/sdk/dist');
  if (existsSync(join(out, 'index.js'))) return out;
  rmSync(tree, { recursive: true, force: true });
  mkdirSync(tree, { recursive: true });
  // The package and the base tsconfig its own extends.
  const archive = execFileSync('git', ['archive', commit, 'packages/sdk', 'tsconfig.base.json'], {
    cwd: root,
    maxBuffer: 1 << 28,
  });
  execFileSync('tar', ['-x', '-C', tree], { input: archive });
  symlinkSync(join(root, 'packages/sdk/node_modules'), join(tree, 'packages/sdk/node_modules'));
  const esbuild = createRequire(join(root, 'bench/package.json'))('esbuild');
  esbuild.buildSync({
    absWorkingDir: join(tree, 'packages/sdk'),
    entryPoints: { index: 'src/index.ts', validation: 'src/validation/index.ts' },
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'neutral',
    target: 'node20',
    outdir: out,
    external: ['@glm/domain', '@glm/domain/*', 'zod'],
    logLevel: 'warning',
  });
  return out;
}
