// Child processes that hold a server for a load test, started with `fork` and answering over IPC.
import { fork } from 'node:child_process';

/**
 * Forks `script` with `message` and resolves with its first IPC answer plus `cpuMicros()` (the child's
 * CPU time so far, user + system, every thread) and `stop()`. The child must answer once it is listening.
 */
export function startChild(script, message = {}, execArgv = []) {
  const child = fork(script, [], { execArgv, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code} before answering`)));
    child.once('message', (answer) => {
      child.removeAllListeners('exit');
      if (answer.error !== undefined) {
        reject(new Error(answer.error));
        return;
      }
      const stop = () =>
        new Promise((done) => {
          if (child.exitCode !== null) return done();
          child.once('exit', () => done());
          child.kill('SIGTERM');
        });
      const cpuMicros = () =>
        new Promise((done) => {
          child.once('message', (reply) => done(reply.cpu));
          child.send({ type: 'cpu' });
        });
      resolve({ ...answer, cpuMicros, stop });
    });
    child.send(message);
  });
}

/**
 * In a child: waits for the parent's first message, runs `start(message)` and answers its result; later
 * `{ type: 'cpu' }` messages are answered with the CPU time used so far.
 */
export function serveChild(start) {
  let started = false;
  process.on('message', async (message) => {
    if (started) {
      const { user, system } = process.cpuUsage();
      process.send({ cpu: user + system });
      return;
    }
    started = true;
    try {
      process.send(await start(message));
    } catch (error) {
      process.send({ error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
    }
  });
  process.once('SIGTERM', () => process.exit(0));
  process.once('disconnect', () => process.exit(0));
}
