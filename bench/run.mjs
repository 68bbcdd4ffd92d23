// `pnpm bench`: builds the packages, runs every benchmark of bench/README.md against its baseline in this one
// run, prints the table and writes it to bench/results.md. Each section runs in its own Node process.
// Options: --no-build (use the current dist/), --only <section>[,<section>] (no results.md then),
// --sdk-base <git ref> (the SDK as built at that commit runs beside the current one in the per-call rows:
// lib/sdk-base.mjs; results.md is not written then either).
import { fork, spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { buildSdkBase } from './lib/sdk-base.mjs';

const SECTIONS = [
  ['http-load', []],
  ['coverage', ['--expose-gc']],
  ['in-process', []],
  ['peers', []],
  ['list-page', ['--max-old-space-size=4096']],
  ['heap', ['--expose-gc']],
  ['ready', []],
  ['imports', []],
  ['webhooks', []],
  ['bundle', []],
  ['durability', []],
  ['merchants', []],
  ['image', []],
  ['harnesses', []],
];

const { values } = parseArgs({
  options: {
    'no-build': { type: 'boolean', default: false },
    only: { type: 'string' },
    'sdk-base': { type: 'string' },
  },
});
const only = values.only?.split(',');
const root = fileURLToPath(new URL('..', import.meta.url));

if (!values['no-build']) {
  console.log('▶ pnpm -r build');
  const built = spawnSync('pnpm', ['-r', 'build'], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) {
    console.error('✖ the build failed; fix it or rerun with --no-build to measure the current dist/');
    process.exit(built.status ?? 1);
  }
}

if (values['sdk-base'] !== undefined) {
  // The section processes inherit it.
  process.env.GLM_BENCH_SDK_BASE = buildSdkBase(values['sdk-base']);
  console.log(`▶ the SDK at ${values['sdk-base']} runs beside this build: ${process.env.GLM_BENCH_SDK_BASE}`);
}

function runSection(name, execArgv) {
  return new Promise((resolve, reject) => {
    const script = fileURLToPath(new URL(`lib/sections/${name}.mjs`, import.meta.url));
    const child = fork(script, [], { execArgv, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    let answer;
    child.on('message', (message) => {
      answer = message;
    });
    child.once('error', reject);
    child.once('exit', (code) => {
      if (answer?.figures !== undefined) resolve(answer.figures);
      else reject(new Error(`section ${name} failed (exit ${code}): ${answer?.error ?? 'no answer'}`));
    });
  });
}

const loadBefore = loadavg();
const started = Date.now();
const figures = [];
const failures = [];
for (const [name, execArgv] of SECTIONS) {
  if (only !== undefined && !only.includes(name)) continue;
  console.log(`▶ ${name}`);
  try {
    figures.push(...(await runSection(name, execArgv)));
  } catch (error) {
    failures.push(`${name}: ${error instanceof Error ? error.message : String(error)}`);
    console.error(`✖ ${failures.at(-1)}`);
  }
}
const loadAfter = loadavg();

const cell = (text) => String(text).replaceAll('|', '\\|');
const verdict = (met) => (met === null ? '–' : met ? '✔ met' : '✖ missed');
const lines = [
  '| Figure | Measured | Baseline (same run) | Ratio | Target | | Notes |',
  '|---|---|---|---|---|---|---|',
  ...figures.map((f) =>
    [
      f.figure,
      f.value,
      `${f.baselineValue}${f.baseline === '–' ? '' : ` (${f.baseline})`}`,
      f.ratio,
      f.target,
      verdict(f.met),
      f.notes,
    ]
      .map(cell)
      .join(' | ')
      .replace(/^/, '| ')
      .replace(/$/, ' |'),
  ),
];
const machine =
  `Node ${process.version}, ${cpus().length} × ${cpus()[0]?.model ?? 'unknown CPU'}, ` +
  `load average ${loadBefore[0].toFixed(1)} before and ${loadAfter[0].toFixed(1)} after; ` +
  `${new Date(started).toISOString()}, ${((Date.now() - started) / 1000).toFixed(0)} s`;
const table = lines.join('\n');
console.log(`\n${machine}\n\n${table}\n`);
for (const failure of failures) console.error(`✖ ${failure}`);

if (only === undefined && values['sdk-base'] === undefined) {
  const results =
    '# Benchmark results\n\n' +
    'Written by `pnpm bench` (bench/run.mjs); every ratio is measured against its baseline in the same run on ' +
    'the same machine. Absolute numbers move with the machine and what else runs on it; the ratios are the ' +
    'figures. See bench/README.md for what each row measures and bench/TARGETS.md for the targets.\n\n' +
    `${machine}\n\n${table}\n` +
    (failures.length === 0 ? '' : `\nSections that failed:\n\n${failures.map((f) => `- ${f}`).join('\n')}\n`);
  writeFileSync(new URL('results.md', import.meta.url), results);
  console.log('Wrote bench/results.md');
}
process.exit(failures.length === 0 ? 0 : 1);
