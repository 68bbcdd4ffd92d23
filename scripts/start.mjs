// `pnpm start`: build the packages the reference server needs, then run it with a demo catalog.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const build = spawnSync('pnpm', ['--filter', '@glm/mock-server...', 'build'], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

const cli = new URL('../packages/mock-server/dist/cli.js', import.meta.url);
if (!existsSync(cli)) {
  console.error('The mock server CLI was not built; see packages/mock-server.');
  process.exit(1);
}
const args = ['serve', '--demo', ...process.argv.slice(2)];
const run = spawnSync(process.execPath, [cli.pathname, ...args], { stdio: 'inherit' });
process.exit(run.status ?? 0);
