// The project's whole check, in the order CI runs it. Exits non-zero at the first failing step.
// `node scripts/test.mjs <step>…` runs only the steps named, each by its whole name or its key (a step's
// `key`, else its name: `lint`, `typecheck`, `knip`, …); a word that names no step lists them and exits 2; `--quick` runs the inner
// loop instead (`pnpm test:quick`): lint, types and the tests of what changed since `main` (or `--since
// <ref>`), uncommitted changes included. Checked first: README.md lists every step of `steps` by name,
// and the root tsconfig.json references every test project and example.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, openSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { parseArgs } from 'node:util';

const vitestReport = 'test-results/vitest.json';

const steps = [
  ['lint and format', 'pnpm', ['exec', 'biome', 'ci', '.'], { key: 'lint' }],
  // About 2 s: no import cycle (type-only included) in the packages' src, mock-server layers look down.
  ['import cycles', process.execPath, ['scripts/check-imports.mjs'], { key: 'import' }],
  // About 7 s: no unused file, export or dependency across the workspace (knip.jsonc says why each ignore).
  ['unused code (knip)', 'pnpm', ['exec', 'knip', '--no-progress'], { key: 'knip' }],
  // Public TSDoc and OpenAPI text say rules in words: typedoc readers do not have the decisions file.
  [
    'decision numbers',
    process.execPath,
    ['scripts/check-decision-numbers.mjs', 'packages/domain', 'packages/sdk', 'packages/mock-server'],
    { key: 'decision' },
  ],
  // One `tsc -b` over the root tsconfig.json: each package's sources once (the domain's without DOM or
  // Node types), then its tests and type tests (`*.test-d.ts`) and the examples on their declarations.
  // Incremental: a second run rechecks only what changed (node_modules/.cache/tsc).
  ['typecheck', 'pnpm', ['exec', 'tsc', '-b']],
  [
    'tests (vitest)',
    'pnpm',
    ['exec', 'vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestReport}`],
    { key: 'vitest' },
  ],
  ['build', 'pnpm', ['-r', 'build']],
  ['runtime matrix', 'pnpm', ['--filter', 'runtime-matrix', 'test'], { key: 'runtime' }],
  // Examples that load the packages' built output (the Jest suite requires the CommonJS builds).
  [
    'examples (built packages)',
    'pnpm',
    ['--filter', './examples/*', '--if-present', 'run', 'test:built'],
    { key: 'examples' },
  ],
  // A merchant's app outside the workspace on the packed tarballs: strict tsc, then end to end against
  // `glm-mock serve` (examples/merchant-app/README.md). The build step above already built the packages.
  [
    'merchant app (packed tarballs)',
    process.execPath,
    ['examples/merchant-app/run.mjs', '--no-build'],
    { key: 'merchant' },
  ],
  // The image of `glm-mock serve` built from a clean clone and run as teams run it (Docker installed and
  // started when missing; skipped loudly when Docker cannot run): scripts/container/container-test.mjs.
  // It runs in the background from here (mostly waiting on Docker, apt and npm), beside the steps after it;
  // its output is printed, and its result counted, after the last step.
  [
    'container image',
    process.execPath,
    ['scripts/container/container-test.mjs'],
    { key: 'container', background: true },
  ],
  ['publint + attw', 'pnpm', ['-r', '--workspace-concurrency=1', 'check:package'], { key: 'publint' }],
  ['size-limit', 'pnpm', ['exec', 'size-limit']],
  ['typedoc', 'pnpm', ['exec', 'typedoc']],
];

/** The inner loop: the same lint and types, then the unit tests the changes since `since` can affect. */
const quickSteps = (since) => [
  steps[0],
  steps.find(([name]) => name === 'typecheck'),
  [
    'tests of what changed (vitest --changed)',
    'pnpm',
    [
      'exec',
      'vitest',
      'run',
      '--project',
      'domain',
      '--project',
      'sdk',
      '--project',
      'mock-server',
      '--passWithNoTests',
      since === undefined ? '--changed' : `--changed=${since}`,
    ],
    { key: 'changed' },
  ],
];

/** The step names README.md's `pnpm test` section lists, in order: the bold text of its numbered list. */
function readmeStepNames() {
  const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
  const section = readme.split(/^## /m).find((part) => part.startsWith('`pnpm test`')) ?? '';
  return [...section.matchAll(/^\d+\. \*\*(.+?)\*\*/gm)].map((match) => match[1]);
}

function checkReadme() {
  const listed = readmeStepNames();
  const names = steps.map(([name]) => name);
  if (listed.join('\n') === names.join('\n')) return;
  console.error(
    "✖ README.md's `pnpm test` section lists other steps than scripts/test.mjs runs.\n" +
      `  README.md (numbered list, **name**): ${listed.join(', ') || '(none)'}\n` +
      `  scripts/test.mjs: ${names.join(', ')}`,
  );
  process.exit(1);
}

/** The root tsconfig.json's references: every package's test project and every workspace example. */
function checkTypecheckCoverage() {
  const text = readFileSync(new URL('../tsconfig.json', import.meta.url), 'utf8');
  const referenced = new Set([...text.matchAll(/"path": "\.\/([^"]+)"/g)].map((match) => match[1]));
  const projects = [
    ...readdirSync('packages')
      .filter((name) => existsSync(`packages/${name}/tsconfig.test.json`))
      .map((name) => `packages/${name}/tsconfig.test.json`),
    // examples/merchant-app is outside the workspace: its run.mjs checks it against the packed tarballs.
    ...readdirSync('examples')
      .filter((name) => name !== 'merchant-app' && existsSync(`examples/${name}/tsconfig.json`))
      .map((name) => `examples/${name}`),
  ];
  const missing = projects.filter((project) => !referenced.has(project));
  if (missing.length === 0) return;
  console.error(`✖ tsconfig.json does not reference ${missing.join(', ')}: \`tsc -b\` would not check them.`);
  process.exit(1);
}

/**
 * Starts a step beside the ones after it, its output in test-results/<step>.log; `finish()` waits for it,
 * prints the log and exits like a failed step when it failed. Should a later step fail first, the
 * background step still ends on its own (and cleans up after itself); its log says how.
 */
function startInBackground(name, command, args) {
  const log = `test-results/${name.replaceAll(' ', '-')}.log`;
  mkdirSync('test-results', { recursive: true });
  const output = openSync(log, 'w');
  const stepStarted = Date.now();
  const child = spawn(command, args, { stdio: ['ignore', output, output] });
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal)));
  console.log(`  (in the background: its output follows the last step; meanwhile in ${log})`);
  return {
    async finish() {
      const status = await exited;
      const seconds = ((Date.now() - stepStarted) / 1000).toFixed(1);
      console.log(`\n▶ ${name} (ran in the background)\n${readFileSync(log, 'utf8')}`);
      if (status !== 0) {
        console.error(`\n✖ ${name} failed after ${seconds}s (exit ${status})`);
        process.exit(typeof status === 'number' && status !== 0 ? status : 1);
      }
      console.log(`✔ ${name} (${seconds}s, in the background)`);
    },
  };
}

/** Whether `word` names the step: its whole name or its key (the name when it has none). */
const namesStep = ([name, , , options], word) => word === name || word === (options?.key ?? name);

/** Refuses a word that names none of `chosen` (a typo would otherwise run nothing and pass), listing them. */
function checkStepNames(chosen, words) {
  const unknown = words.filter((word) => !chosen.some((step) => namesStep(step, word)));
  if (unknown.length === 0) return;
  const listed = chosen.map(([name, , , options]) => `  ${(options?.key ?? name).padEnd(12)} ${name}`);
  console.error(`✖ no step named ${unknown.join(', ')}. The steps (key, then name):\n${listed.join('\n')}`);
  process.exit(2);
}

/** The ref `--changed` compares with: `--since`, else `main` (or `origin/main`) when there is one, else none. */
function changedSince(since) {
  if (since !== undefined) return since;
  const exists = (ref) =>
    spawnSync('git', ['rev-parse', '--verify', '--quiet', ref], { stdio: 'ignore' }).status === 0;
  return ['main', 'origin/main'].find(exists);
}

const { values, positionals: only } = parseArgs({
  allowPositionals: true,
  options: { quick: { type: 'boolean', default: false }, since: { type: 'string' } },
});
checkReadme();
checkTypecheckCoverage();
const chosen = values.quick ? quickSteps(changedSince(values.since)) : steps;
checkStepNames(chosen, only);
rmSync(vitestReport, { force: true });
const started = Date.now();
const inBackground = [];
for (const [name, command, args, options] of chosen) {
  if (only.length > 0 && !only.some((word) => namesStep([name, command, args, options], word))) continue;
  console.log(`\n▶ ${name}: ${command} ${args.join(' ')}`);
  const stepStarted = Date.now();
  if (options?.background) {
    inBackground.push(startInBackground(name, command, args));
    continue;
  }
  // `npx pnpm@10 test` puts pnpm on PATH for this process and its children (publint packs with it too).
  const result = spawnSync(command, args, { stdio: 'inherit', shell: process.platform === 'win32' });
  const seconds = ((Date.now() - stepStarted) / 1000).toFixed(1);
  if (result.status !== 0) {
    console.error(`\n✖ ${name} failed after ${seconds}s (exit ${result.status ?? result.signal})`);
    process.exit(result.status || 1);
  }
  console.log(`✔ ${name} (${seconds}s)`);
}
for (const step of inBackground) await step.finish();
console.log(`\nAll checks passed in ${((Date.now() - started) / 1000).toFixed(0)}s.`);
if (existsSync(vitestReport)) {
  // One plain closing line with the test counts, for readers of the CI log.
  const report = JSON.parse(readFileSync(vitestReport, 'utf8'));
  const skipped = report.numPendingTests + report.numTodoTests;
  console.log(`vitest: ${report.numPassedTests} passed, ${report.numFailedTests} failed, ${skipped} skipped`);
}
