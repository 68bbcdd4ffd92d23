// The merchant app on what would be published: builds and packs @glm/domain, @glm/sdk and
// @glm/mock-server, installs the tarballs with npm into a fresh project under the OS's temporary
// directory (outside the workspace, so nothing resolves to the sources), then runs the app's own scripts
// there: `npm run typecheck` (tsc --noEmit under its strict tsconfig) and, once built, `npm test` (its
// end-to-end tests against `glm-mock serve` in another process). Exits non-zero, naming the stage, at
// the first failure. See README.md.
//
// Options: --no-build (the packages are already built, as in `pnpm test`), --keep (keep the temporary
// project and print where it is).
import { spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const here = fileURLToPath(new URL('.', import.meta.url));
const root = join(here, '../..');
const packages = ['domain', 'sdk', 'mock-server'];
const { values: options } = parseArgs({
  options: {
    'no-build': { type: 'boolean', default: false },
    keep: { type: 'boolean', default: false },
  },
});

const say = (line) => process.stdout.write(`${line}\n`);
const started = Date.now();
const elapsed = () => `${((Date.now() - started) / 1000).toFixed(1)}s`;

class StageFailure extends Error {}

/** Runs one command, output shown; a non-zero exit fails the stage with its name. */
function run(stage, command, args, cwd, { timeoutMs = 120_000, capture = false } = {}) {
  say(`\n▶ merchant app: ${stage} (${elapsed()})`);
  const result = spawnSync(command, args, {
    cwd,
    stdio: capture ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    encoding: 'utf8',
    timeout: timeoutMs,
    shell: process.platform === 'win32',
  });
  if (result.error !== undefined || result.status !== 0) {
    if (capture) process.stderr.write(`${result.stdout ?? ''}${result.stderr ?? ''}`);
    const why = result.error?.message ?? `exit ${result.status ?? result.signal}`;
    throw new StageFailure(`${stage} failed (${why}): ${command} ${args.join(' ')} in ${cwd}`);
  }
  return result;
}

const rootManifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const pinned = (name) => {
  const version = rootManifest.devDependencies?.[name];
  if (version === undefined) throw new StageFailure(`the root package.json pins no ${name}`);
  return `${name}@${version}`;
};

// pnpm packs (it turns `workspace:` ranges into versions); on a machine with only Node and npm, the
// version the root's `packageManager` names runs through npx.
const pnpm = (() => {
  const probe = spawnSync('pnpm', ['--version'], { stdio: 'ignore', shell: process.platform === 'win32' });
  if (probe.status === 0) return ['pnpm', []];
  return ['npx', ['-y', rootManifest.packageManager ?? 'pnpm@10']];
})();
const runPnpm = (stage, args, cwd) => run(stage, pnpm[0], [...pnpm[1], ...args], cwd, { capture: true });

const project = mkdtempSync(join(tmpdir(), 'glm-merchant-app-'));
let failed = false;
try {
  if (!options['no-build']) runPnpm('build the packages', ['-r', 'build'], root);

  const tarballs = join(project, 'tarballs');
  mkdirSync(tarballs);
  for (const name of packages) {
    const dir = join(root, 'packages', name);
    if (!existsSync(join(dir, 'dist'))) {
      throw new StageFailure(`packages/${name} is not built: run pnpm -r build, or leave out --no-build`);
    }
    runPnpm(`pack packages/${name}`, ['pack', '--pack-destination', tarballs], dir);
  }
  const packed = readdirSync(tarballs).map((file) => join(tarballs, file));
  if (packed.length !== packages.length) {
    throw new StageFailure(`expected ${packages.length} tarballs, found ${packed.length}`);
  }

  // The app: its manifest, strict tsconfig, sources and tests; nothing else from the repo.
  const app = join(project, 'app');
  for (const entry of ['package.json', 'tsconfig.json', 'src', 'test']) {
    cpSync(join(here, entry), join(app, entry), { recursive: true });
  }
  run(
    'npm install the tarballs',
    'npm',
    [
      'install',
      '--no-audit',
      '--no-fund',
      '--save-exact',
      ...packed,
      pinned('typescript'),
      pinned('@types/node'),
    ],
    app,
    { capture: true },
  );
  // Each package must be the packed one, installed once at the top (never a registry copy).
  const installed = JSON.parse(readFileSync(join(app, 'package.json'), 'utf8')).dependencies ?? {};
  for (const name of packages) {
    if (!String(installed[`@glm/${name}`]).startsWith('file:')) {
      throw new StageFailure(
        `@glm/${name} was not installed from its tarball (${installed[`@glm/${name}`]})`,
      );
    }
  }
  const nested = ['sdk', 'mock-server'].filter((name) =>
    existsSync(join(app, 'node_modules/@glm', name, 'node_modules/@glm/domain')),
  );
  if (nested.length > 0) throw new StageFailure(`@glm/domain installed twice (under ${nested.join(', ')})`);

  // The app's own scripts, as its developer runs them: `tsc --noEmit`, then `node --test` on the build.
  run(
    'npm run typecheck: tsc --noEmit (strict, exactOptionalPropertyTypes, noUncheckedIndexedAccess)',
    'npm',
    ['run', '--silent', 'typecheck'],
    app,
  );
  transpile(app);
  run('npm test: end-to-end tests against glm-mock serve', 'npm', ['test', '--silent'], app);
  run(
    'npm run coverage: what the suite exercised, gated on the operations it called',
    'npm',
    ['run', '--silent', 'coverage'],
    app,
  );
  say(`\n✔ merchant app: every stage passed in ${elapsed()}`);
} catch (error) {
  failed = true;
  const message = error instanceof StageFailure ? error.message : (error?.stack ?? String(error));
  process.stderr.write(`\n✖ merchant app: ${message} (after ${elapsed()})\n`);
} finally {
  if (options.keep || failed) say(`The temporary project is kept at ${project}`);
  else rmSync(project, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);

/**
 * Writes build/**\/*.js from the app's TypeScript, one file at a time with the installed compiler's
 * transpileModule: the types were just checked by `tsc --noEmit`, so they are not checked twice.
 */
function transpile(app) {
  say(`\n▶ merchant app: build the app (TypeScript's transpileModule) (${elapsed()})`);
  const ts = createRequire(join(app, 'package.json'))('typescript');
  const compilerOptions = {
    module: ts.ModuleKind.ESNext,
    target: ts.ScriptTarget.ES2022,
    verbatimModuleSyntax: true,
    sourceMap: false,
  };
  const typeChecksOnly = new Set(['src/types.ts']);
  for (const dir of ['src', 'test']) {
    for (const file of readdirSync(join(app, dir), { recursive: true })) {
      if (!file.endsWith('.ts') || typeChecksOnly.has(`${dir}/${file}`)) continue;
      const source = readFileSync(join(app, dir, file), 'utf8');
      const { outputText } = ts.transpileModule(source, { fileName: file, compilerOptions });
      const target = join(app, 'build', dir, file.replace(/\.ts$/, '.js'));
      mkdirSync(dirname(target), { recursive: true });
      writeFileSync(target, outputText);
    }
  }
}
