// Checks the tarball `pnpm pack` makes of the package in the current folder (run by each package's
// `check:package`, so by `pnpm test`): what a consumer would install, not the workspace's manifest.
// - The published `exports` carry no `@glm/source` condition (it points at src/, which is not shipped):
//   they are the workspace's `exports` less that condition (pnpm applies `publishConfig.exports`), and
//   every file they name is in the tarball.
// - A dependency is declared, never bundled: ky is in `dependencies` at the workspace's version, and no
//   file of dist/ carries ky's source (two of its error messages, which survive minification).
// About 2 s a package. Usage: node ../../scripts/check-packed-tarball.mjs (from packages/<name>).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';

const SOURCE_CONDITION = '@glm/source';
/** Text that only a copy of a dependency's own code contains. */
const BUNDLED_MARKERS = {
  ky: [
    '`input` must not begin with a slash when using `prefixUrl`',
    'The `onDownloadProgress` option must be a function',
  ],
};

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
  for (const [dependency, markers] of Object.entries(BUNDLED_MARKERS)) {
    const declared = workspace.dependencies?.[dependency];
    if (declared === undefined) continue;
    if (manifest.dependencies?.[dependency] !== declared) {
      problem(`${dependency} is not declared in the packed dependencies at ${declared}`);
    }
    for (const file of code) {
      const source = readFileSync(file, 'utf8');
      if (markers.some((marker) => source.includes(marker))) {
        problem(`${file.slice(root.length + 1)} carries ${dependency}'s source: it must stay external`);
      }
    }
  }

  if (problems.length > 0) {
    console.error(`✖ ${manifest.name} tarball:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    process.exitCode = 1;
  } else {
    console.log(
      `✔ ${manifest.name} tarball: exports without ${SOURCE_CONDITION} (${targets(manifest.exports).length} files present), dependencies external`,
    );
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
