import { execFile } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type BuildOptions, build } from 'esbuild';
import { englishOnlyZod } from '../../build/english-only-zod.ts';

/** What one run of the built `glm-mock` ended with. */
interface BinRun {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** The built CLI in a temporary package directory: run it, and remove the directory. */
export interface BuiltCli {
  /** The temporary package directory (a test may keep its own files there: it goes with `remove()`). */
  readonly dir: string;
  /** The path of the bin entry, for a test that spawns it itself (a server it reads line by line). */
  readonly bin: string;
  /** Runs `glm-mock <args>` in a child process (asynchronously: a server in this process can answer it). */
  run(args: readonly string[], env?: Record<string, string>, cwd?: string): Promise<BinRun>;
  /** Removes the directory. */
  remove(): Promise<void>;
}

const bundleOptions: BuildOptions = {
  entryPoints: [fileURLToPath(new URL('../../src/cli/main.ts', import.meta.url))],
  bundle: true,
  platform: 'node',
  target: 'node20',
  conditions: ['@glm/source'],
  plugins: [englishOnlyZod],
  logLevel: 'silent',
};

/**
 * Adds what the bin runs on Node 20 when the package is built whole: the CommonJS bundle, the code cache
 * that runs it, and the package manifest whose version names the cache's directory.
 */
async function buildCodeCacheStart(dir: string): Promise<void> {
  await build({
    ...bundleOptions,
    outfile: join(dir, 'dist', 'cli.cjs'),
    format: 'cjs',
    banner: { js: '#!/usr/bin/env node' },
  });
  await build({
    ...bundleOptions,
    entryPoints: [fileURLToPath(new URL('../../src/cli/bin/code-cache.ts', import.meta.url))],
    outfile: join(dir, 'dist', 'code-cache.cjs'),
    format: 'cjs',
  });
  await writeFile(join(dir, 'package.json'), JSON.stringify({ version: '0.0.0-test', type: 'module' }));
}

/**
 * The committed bin entry (bin/glm-mock.js, which imports ../dist/cli.js) in front of the CLI built from
 * the current sources the way the package build does (ESM, zod and the domain bundled, zod with its
 * English messages only), here as one file, in a temporary package directory, so a test never runs a
 * stale dist. With `codeCache`, the Node 20 start with a code cache is built too (without it, the bin
 * finds none and loads the ESM build, as it does when the cache cannot be used).
 */
export async function buildCli(options: { codeCache?: boolean } = {}): Promise<BuiltCli> {
  const dir = await mkdtemp(join(tmpdir(), 'glm-mock-bin-'));
  await mkdir(join(dir, 'bin'));
  await copyFile(
    fileURLToPath(new URL('../../bin/glm-mock.js', import.meta.url)),
    join(dir, 'bin', 'glm-mock.js'),
  );
  await build({ ...bundleOptions, outfile: join(dir, 'dist', 'cli.js'), format: 'esm' });
  if (options.codeCache === true) await buildCodeCacheStart(dir);
  const bin = join(dir, 'bin', 'glm-mock.js');
  return {
    dir,
    bin,
    run: (args, env = {}, cwd = dir) =>
      new Promise<BinRun>((resolve) => {
        execFile(
          process.execPath,
          [bin, ...args],
          { env: { PATH: process.env['PATH'] ?? '', ...env }, timeout: 20_000, cwd },
          (error, stdout, stderr) => {
            const code = error === null ? 0 : typeof error.code === 'number' ? error.code : -1;
            resolve({ code, stdout, stderr });
          },
        );
      }),
    remove: () => rm(dir, { recursive: true, force: true }),
  };
}
