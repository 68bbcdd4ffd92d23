// A tiny merchant app (app-esm.mjs, app-cjs.cjs) bundled for Node by webpack 5, Vite and esbuild, each
// from its ES module and its CommonJS entry, the SDK and its dependencies bundled in; each of the six
// outputs is then run on its own against the mock server (GLM_BASE_URL, GLM_API_KEY from run.mjs).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build as esbuild } from 'esbuild';
import { build as vite } from 'vite';
import webpack from 'webpack';

const here = fileURLToPath(new URL('.', import.meta.url));
const entries = { esm: join(here, 'app-esm.mjs'), cjs: join(here, 'app-cjs.cjs') };
const scratch = mkdtempSync(join(tmpdir(), 'glm-bundlers-'));

const bundlers = {
  async esbuild(kind, outfile) {
    await esbuild({
      entryPoints: [entries[kind]],
      bundle: true,
      platform: 'node',
      format: kind,
      target: 'node20',
      outfile,
      logLevel: 'error',
    });
  },
  async webpack(kind, outfile) {
    const stats = await new Promise((resolve, reject) =>
      webpack(
        {
          mode: 'production',
          target: 'node20',
          entry: entries[kind],
          output: {
            path: scratch,
            filename: outfile.slice(scratch.length + 1),
            library: { type: 'commonjs2' },
          },
          optimization: { minimize: true },
        },
        (error, result) => (error ? reject(error) : resolve(result)),
      ),
    );
    if (stats.hasErrors()) throw new Error(stats.toString('errors-only'));
  },
  async vite(kind, outfile) {
    await vite({
      configFile: false,
      logLevel: 'error',
      root: here,
      ssr: { noExternal: true, target: 'node' },
      build: {
        ssr: entries[kind],
        outDir: scratch,
        emptyOutDir: false,
        minify: true,
        rollupOptions: {
          output: {
            format: kind === 'esm' ? 'es' : 'cjs',
            entryFileNames: outfile.slice(scratch.length + 1),
          },
        },
      },
    });
  },
};

let failed = false;
try {
  for (const [bundler, bundle] of Object.entries(bundlers)) {
    for (const kind of ['esm', 'cjs']) {
      // webpack writes CommonJS for Node; the others keep the entry's module kind.
      const extension = bundler === 'webpack' || kind === 'cjs' ? 'cjs' : 'mjs';
      const outfile = join(scratch, `app-${kind}.${bundler}.${extension}`);
      try {
        await bundle(kind, outfile);
        if (!existsSync(outfile)) throw new Error(`${bundler} wrote no ${outfile}`);
        const ran = spawnSync(process.execPath, [outfile], {
          stdio: 'inherit',
          env: { ...process.env, BUNDLED_BY: bundler },
          timeout: 60_000,
        });
        if (ran.status !== 0)
          throw new Error(`the ${bundler} ${kind} output exited with ${ran.status ?? ran.signal}`);
      } catch (error) {
        failed = true;
        process.stderr.write(
          `[${bundler} ${kind}] failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
        );
      }
    }
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
process.exitCode = failed ? 1 : 0;
