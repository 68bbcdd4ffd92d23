// `pnpm start`: build the packages the reference server needs (unless the build is already newer than
// their sources, as right after `pnpm install`, whose prepare step builds them), then run it with a demo
// catalog, keeping its state in the git-ignored `.glm-mock/` at the repository root (keys and data survive
// a restart; `pnpm start --fresh` starts empty, `--data DIR` keeps it elsewhere). It listens on 4010, the
// port `glm-mock trigger` and `glm-mock verify` assume, so they meet it without flags.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';

const cli = new URL('../packages/mock-server/dist/cli.js', import.meta.url);
const sources = ['../packages/domain/src/', '../packages/mock-server/src/'].map(
  (dir) => new URL(dir, import.meta.url),
);

const newestSource = () =>
  Math.max(
    ...sources.flatMap((dir) =>
      readdirSync(dir, { recursive: true }).map((file) => statSync(new URL(String(file), dir)).mtimeMs),
    ),
  );

if (!existsSync(cli) || statSync(cli).mtimeMs < newestSource()) {
  const build = spawnSync('pnpm', ['--filter', '@glm/mock-server...', 'build'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
if (!existsSync(cli)) {
  console.error('The mock server CLI was not built; see packages/mock-server.');
  process.exit(1);
}
const given = process.argv.slice(2);
const dataDir = new URL('../.glm-mock/', import.meta.url).pathname;
const data = given.includes('--data') ? [] : ['--data', dataDir];
const args = ['serve', '--demo', ...data, ...given];
const run = spawnSync(process.execPath, [cli.pathname, ...args], { stdio: 'inherit' });
process.exit(run.status ?? 0);
