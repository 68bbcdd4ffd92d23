// The project's whole check, in the order CI runs it. Exits non-zero at the first failing step.
import { spawnSync } from 'node:child_process';

const steps = [
  ['lint and format', 'pnpm', ['exec', 'biome', 'ci', '.']],
  ['typecheck', 'pnpm', ['-r', '--workspace-concurrency=1', 'typecheck']],
  ['unit and type tests', 'pnpm', ['exec', 'vitest', 'run']],
  ['build', 'pnpm', ['-r', 'build']],
  ['publint + attw', 'pnpm', ['-r', '--workspace-concurrency=1', 'check:package']],
  ['size-limit', 'pnpm', ['exec', 'size-limit']],
  ['typedoc', 'pnpm', ['exec', 'typedoc']],
];

// Run pnpm the way this script was started (`npx pnpm@10 test` does not put pnpm on PATH everywhere).
const pnpm = process.env.npm_execpath?.match(/\.c?js$/)
  ? { command: process.execPath, prefix: [process.env.npm_execpath] }
  : { command: 'pnpm', prefix: [] };

const only = process.argv.slice(2);
for (const [name, command, args] of steps) {
  if (only.length > 0 && !only.some((o) => name.includes(o))) continue;
  console.log(`\n▶ ${name}: ${command} ${args.join(' ')}`);
  const started = Date.now();
  const [bin, argv] = command === 'pnpm' ? [pnpm.command, [...pnpm.prefix, ...args]] : [command, args];
  const result = spawnSync(bin, argv, { stdio: 'inherit', shell: process.platform === 'win32' });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) {
    console.error(`\n✖ ${name} failed after ${seconds}s (exit ${result.status ?? result.signal})`);
    process.exit(result.status || 1);
  }
  console.log(`✔ ${name} (${seconds}s)`);
}
console.log('\nAll checks passed.');
