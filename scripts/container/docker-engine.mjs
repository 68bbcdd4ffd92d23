// The Docker engine for the container step: the client and daemon installed from Debian's packages when
// missing (apt-get, as root), and `dockerd` started when none answers; `stop()` stops only what was started.
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

const run = (command, args, options = {}) => spawnSync(command, args, { encoding: 'utf8', ...options });
const has = (command) => run('sh', ['-c', `command -v ${command}`]).status === 0;

/** Whether a daemon answers the client. */
const daemonAnswers = () => run('docker', ['info', '--format', '{{.ServerVersion}}']).status === 0;

/** Installs the packages of `commands` missing on PATH with apt-get (update first); false when it cannot. */
export function installMissing(packages) {
  const missing = Object.entries(packages).filter(([command]) => !has(command));
  if (missing.length === 0) return true;
  if (process.getuid?.() !== 0 || !has('apt-get')) return false;
  const names = missing.map(([, name]) => name);
  console.log(`  installing ${names.join(', ')} with apt-get`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  // Another apt run (a browser install of another step) may hold dpkg's lock: wait for it.
  const wait = ['-o', 'DPkg::Lock::Timeout=600'];
  if (run('apt-get', [...wait, 'update', '-qq'], { stdio: 'inherit', env }).status !== 0) return false;
  return run('apt-get', [...wait, 'install', '-y', '-qq', ...names], { stdio: 'inherit', env }).status === 0;
}

/**
 * A Docker daemon to talk to: the running one, else a `dockerd` started here (with no bridge network
 * and no iptables rules: every container of the step runs with `--network host`). Undefined when Docker
 * cannot run on this machine, with the reason.
 */
export async function startEngine() {
  if (!installMissing({ docker: 'docker.io' }))
    return { reason: 'docker is not installed and apt-get cannot install it' };
  if (daemonAnswers()) return { stop: async () => undefined, started: false };
  if (!has('dockerd')) return { reason: 'a docker client but no dockerd to start' };
  if (process.getuid?.() !== 0) return { reason: 'no Docker daemon answers, and starting one needs root' };
  const logDir = mkdtempSync(join(tmpdir(), 'glm-dockerd-'));
  const log = openSync(join(logDir, 'dockerd.log'), 'a');
  const daemon = spawn('dockerd', ['--bridge=none', '--iptables=false'], {
    stdio: ['ignore', log, log],
    detached: true,
  });
  closeSync(log);
  daemon.unref();
  const exited = new Promise((resolve) => daemon.once('exit', resolve));
  for (let waited = 0; waited < 60_000; waited += 250) {
    if (daemonAnswers()) {
      console.log(`  started dockerd (pid ${daemon.pid}; log ${join(logDir, 'dockerd.log')})`);
      return {
        started: true,
        async stop() {
          // Held by its exit from here (it was unref'd so as not to hold a run that ends early).
          daemon.ref();
          daemon.kill('SIGTERM');
          const stopped = await Promise.race([
            exited.then(() => true),
            sleep(20_000, undefined, { ref: false }).then(() => false),
          ]);
          if (!stopped) daemon.kill('SIGKILL');
        },
      };
    }
    if (daemon.exitCode !== null) break;
    await sleep(250);
  }
  daemon.kill('SIGKILL');
  return { reason: `dockerd did not start (see ${join(logDir, 'dockerd.log')})` };
}

/** Runs `docker <args>` and answers its outcome; `input` goes to its stdin. */
export function docker(args, options = {}) {
  return run('docker', args, { maxBuffer: 64 * 1024 * 1024, ...options });
}

/** Runs `docker <args>` and answers its stdout, or throws with its stderr. */
export function dockerOk(args, options = {}) {
  const result = docker(args, options);
  if (result.status !== 0) {
    throw new Error(`docker ${args.join(' ')} failed (exit ${result.status}): ${result.stderr ?? ''}`.trim());
  }
  return result.stdout ?? '';
}
