// The project's whole check, in the order CI runs it. Exits non-zero at the first failing step.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';

const vitestReport = 'test-results/vitest.json';
rmSync(vitestReport, { force: true });

const steps = [
  ['lint and format', 'pnpm', ['exec', 'biome', 'ci', '.']],
  // About 2 s: no import cycle (type-only included) in the packages' src, mock-server layers look down.
  ['import cycles', process.execPath, ['scripts/check-imports.mjs']],
  // About 7 s: no unused file, export or dependency across the workspace (knip.jsonc says why each ignore).
  ['unused code (knip)', 'pnpm', ['exec', 'knip', '--no-progress']],
  // Public TSDoc and OpenAPI text say rules in words: typedoc readers do not have the decisions file.
  [
    'decision numbers',
    process.execPath,
    ['scripts/check-decision-numbers.mjs', 'packages/domain', 'packages/sdk', 'packages/mock-server'],
  ],
  // One `tsc -b` over the root tsconfig.json: each package's sources once (the domain's without DOM or
  // Node types), then its tests and type tests (`*.test-d.ts`) and the examples on their declarations.
  // Incremental: a second run rechecks only what changed (node_modules/.cache/tsc).
  ['typecheck', 'pnpm', ['exec', 'tsc', '-b']],
  [
    'tests (vitest)',
    'pnpm',
    ['exec', 'vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestReport}`],
  ],
  ['build', 'pnpm', ['-r', 'build']],
  ['runtime matrix', 'pnpm', ['--filter', 'runtime-matrix', 'test']],
  // Examples that load the packages' built output (the Jest suite requires the CommonJS builds).
  ['examples (built packages)', 'pnpm', ['--filter', './examples/*', '--if-present', 'run', 'test:built']],
  // A merchant's app outside the workspace on the packed tarballs: strict tsc, then end to end against
  // `glm-mock serve` (examples/merchant-app/README.md). The build step above already built the packages.
  ['merchant app (packed tarballs)', process.execPath, ['examples/merchant-app/run.mjs', '--no-build']],
  ['publint + attw', 'pnpm', ['-r', '--workspace-concurrency=1', 'check:package']],
  ['size-limit', 'pnpm', ['exec', 'size-limit']],
  ['typedoc', 'pnpm', ['exec', 'typedoc']],
];

const only = process.argv.slice(2);
for (const [name, command, args] of steps) {
  if (only.length > 0 && !only.some((o) => name.includes(o))) continue;
  console.log(`\n▶ ${name}: ${command} ${args.join(' ')}`);
  const started = Date.now();
  // `npx pnpm@10 test` puts pnpm on PATH for this process and its children (publint packs with it too).
  const result = spawnSync(command, args, { stdio: 'inherit', shell: process.platform === 'win32' });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) {
    console.error(`\n✖ ${name} failed after ${seconds}s (exit ${result.status ?? result.signal})`);
    process.exit(result.status || 1);
  }
  console.log(`✔ ${name} (${seconds}s)`);
}
console.log('\nAll checks passed.');
if (existsSync(vitestReport)) {
  // One plain closing line with the unit and type test counts, for readers of the CI log.
  const report = JSON.parse(readFileSync(vitestReport, 'utf8'));
  const skipped = report.numPendingTests + report.numTodoTests;
  console.log(`vitest: ${report.numPassedTests} passed, ${report.numFailedTests} failed, ${skipped} skipped`);
}
