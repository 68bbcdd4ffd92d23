// Checks the tarball `pnpm pack` makes of the package in the current folder (run by each package's
// `check:package`, so by `pnpm test`): what a consumer would install, not the workspace's manifest.
// - The published `exports` carry no `@glm/source` condition (it points at src/, which is not shipped):
//   they are the workspace's `exports` less that condition (pnpm applies `publishConfig.exports`), and
//   every file they name is in the tarball.
// - Every package that dist/ imports is declared (dependencies, peer or optional dependencies), so nothing
//   resolves by luck from a hoisted node_modules.
// - A bundled package is bundled, not declared: the SDK's dist carries ky's source (two of its error
//   messages, which survive minification) in both builds, imports no `ky`, does not list it among its
//   dependencies, and ships ky's license.
// - A package that says its version on the wire says the packed one: the SDK's two builds carry
//   `VERSION = "<package.json version>"`, which `x-glm-client` and `User-Agent` send.
// About 2 s a package. Usage: node ../../scripts/check-packed-tarball.mjs (from packages/<name>).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';

const SOURCE_CONDITION = '@glm/source';
/** Packages bundled into a package's dist: text only their code contains, the dist files that must carry it, and the file with their license. */
const BUNDLED = {
  '@glm/sdk': {
    ky: {
      markers: [
        '`input` must not begin with a slash when using `prefixUrl`',
        'The `onDownloadProgress` option must be a function',
      ],
      carriers: ['dist/index.js', 'dist/index.cjs'],
      license: 'THIRD_PARTY_LICENSES.md',
    },
  },
};
/** Built files that carry the package's version as `VERSION = "…"`, for each package that sends it. */
const VERSIONED = { '@glm/sdk': ['dist/index.js', 'dist/index.cjs'] };
/** Bare specifiers of `import … from`, `import(…)`, `require(…)` and `export … from` in built code. */
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|\brequire\s*\(\s*|\bimport\s+)["']([^"'./][^"']*)["']/g;
const packageOf = (specifier) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

const workspace = JSON.parse(readFileSync('package.json', 'utf8'));
const problems = [];
const problem = (text) => problems.push(text);

/** `value` with the source condition taken out of every conditions object, at any depth. */
function withoutSourceCondition(value) {
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => key !== SOURCE_CONDITION)
      .map(([key, inner]) => [key, withoutSourceCondition(inner)]),
  );
}

/** Every file path an `exports` value names. */
function targets(value) {
  if (typeof value === 'string') return [value];
  if (typeof value !== 'object' || value === null) return [];
  return Object.values(value).flatMap(targets);
}

function filesUnder(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

const scratch = mkdtempSync(join(tmpdir(), 'glm-packed-'));
try {
  const packed = spawnSync('pnpm', ['pack', '--json', '--pack-destination', scratch], { encoding: 'utf8' });
  if (packed.status !== 0) throw new Error(`pnpm pack failed:\n${packed.stderr}${packed.stdout}`);
  const { filename } = JSON.parse(packed.stdout.slice(packed.stdout.indexOf('{')));
  const untar = spawnSync('tar', ['-xzf', filename, '-C', scratch], { encoding: 'utf8' });
  if (untar.status !== 0) throw new Error(`tar failed: ${untar.stderr}`);
  const root = join(scratch, 'package');
  const text = readFileSync(join(root, 'package.json'), 'utf8');
  const manifest = JSON.parse(text);

  if (text.includes(SOURCE_CONDITION)) problem(`the packed package.json mentions ${SOURCE_CONDITION}`);
  if (!isDeepStrictEqual(manifest.exports, withoutSourceCondition(workspace.exports))) {
    problem(
      `the packed exports are not the workspace's less ${SOURCE_CONDITION} (keep publishConfig.exports in step with exports):\n` +
        `  packed:    ${JSON.stringify(manifest.exports)}\n  expected: ${JSON.stringify(withoutSourceCondition(workspace.exports))}`,
    );
  }
  for (const target of targets(manifest.exports)) {
    if (!existsSync(join(root, target))) problem(`exports name ${target}, which the tarball lacks`);
  }

  const distFiles = existsSync(join(root, 'dist')) ? filesUnder(join(root, 'dist')) : [];
  const code = distFiles.filter((file) => /\.(c?js)$/.test(file));
  const declared = new Set(
    ['dependencies', 'peerDependencies', 'optionalDependencies'].flatMap((field) =>
      Object.keys(manifest[field] ?? {}),
    ),
  );
  const imported = new Map();
  for (const file of code) {
    for (const [, specifier] of readFileSync(file, 'utf8').matchAll(SPECIFIER)) {
      const name = packageOf(specifier);
      // Node's own modules, and the package itself (a self-reference, or an import named in a message).
      if (specifier.startsWith('node:') || builtinModules.includes(name) || name === manifest.name) continue;
      imported.set(name, file.slice(root.length + 1));
    }
  }
  for (const [name, file] of imported) {
    if (!declared.has(name)) problem(`${file} imports ${name}, which the manifest does not declare`);
  }
  for (const [dependency, bundled] of Object.entries(BUNDLED[manifest.name] ?? {})) {
    if (declared.has(dependency))
      problem(`${dependency} is bundled into dist, so it must not be a dependency`);
    if (imported.has(dependency))
      problem(`${imported.get(dependency)} imports ${dependency}: it must be bundled`);
    for (const carrier of bundled.carriers) {
      const path = join(root, carrier);
      const source = existsSync(path) ? readFileSync(path, 'utf8') : '';
      if (!bundled.markers.every((marker) => source.includes(marker))) {
        problem(`${carrier} does not carry ${dependency}'s source`);
      }
    }
    const license = join(root, bundled.license);
    if (!existsSync(license) || !readFileSync(license, 'utf8').includes(`## ${dependency} `)) {
      problem(`${bundled.license} with ${dependency}'s license is not in the tarball`);
    }
  }

  for (const carrier of VERSIONED[manifest.name] ?? []) {
    const path = join(root, carrier);
    const found = /\bVERSION = "([^"]*)"/.exec(existsSync(path) ? readFileSync(path, 'utf8') : '')?.[1];
    if (found !== manifest.version) {
      problem(
        `${carrier} says VERSION ${found ?? '(none)'}, not ${manifest.version} (run scripts/sync-sdk-version.mjs)`,
      );
    }
  }

  if (problems.length > 0) {
    console.error(`✖ ${manifest.name} tarball:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    process.exitCode = 1;
  } else {
    console.log(
      `✔ ${manifest.name} tarball: exports without ${SOURCE_CONDITION} (${targets(manifest.exports).length} files present); dist imports only declared packages (${[...imported.keys()].join(', ') || 'none'})${Object.keys(
        BUNDLED[manifest.name] ?? {},
      )
        .map((name) => `; ${name} bundled, not declared`)
        .join('')}`,
    );
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
