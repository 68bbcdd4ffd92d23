import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { CHROMIUM_PATH, SKIP_BROWSER } from './chromium.ts';

const say = (text: string): void => {
  process.stderr.write(`${text}\n`);
};

function run(command: string, args: readonly string[]): boolean {
  say(`[browser tests] ${command} ${args.join(' ')}`);
  return (
    spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } })
      .status === 0
  );
}

/**
 * Vitest global setup of the browser project: makes sure Debian's chromium is there. When it is missing
 * and we are root (CI containers), it is installed with apt; otherwise the run fails with what to do.
 * `GLM_SKIP_BROWSER=1` is the only way to skip the browser tests, and it is announced loudly.
 */
export function setup(): void {
  if (SKIP_BROWSER) {
    say('\n!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!');
    say('!! GLM_SKIP_BROWSER=1: the browser tests of the hosted pages are SKIPPED.     !!');
    say('!! Hosted checkout, embedding and dashboard are NOT verified in this run.    !!');
    say('!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!\n');
    return;
  }
  if (existsSync(CHROMIUM_PATH)) return;
  const root = typeof process.getuid === 'function' && process.getuid() === 0;
  if (
    root &&
    (run('apt-get', ['install', '-y', 'chromium']) ||
      (run('apt-get', ['update']) && run('apt-get', ['install', '-y', 'chromium'])))
  ) {
    if (existsSync(CHROMIUM_PATH)) return;
  }
  throw new Error(
    `${CHROMIUM_PATH} is missing${root ? ' and apt-get could not install it' : ''}. Install it (apt-get install -y chromium) ` +
      'or set GLM_SKIP_BROWSER=1 to skip the browser tests explicitly.',
  );
}
