// Starts the installed package's `glm-mock serve` as another process, the way a merchant's CI would,
// and reads the address and the test key from what it prints.
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { type ClientOptions, Glm } from '@glm/sdk';

/** A running `glm-mock serve` and a client on its test key. */
export interface MockProcess {
  /** The server's base URL (`http://127.0.0.1:<port>`). */
  readonly url: string;
  /** The test key it printed. */
  readonly testKey: string;
  /** A client for that key, with the given options. */
  readonly client: (options?: ClientOptions) => Glm;
  /** Stops the process and waits for it to exit. */
  readonly stop: () => Promise<void>;
}

function glmMockBin(): string {
  const manifestPath = createRequire(import.meta.url).resolve('@glm/mock-server/package.json');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as { bin?: Record<string, string> };
  const bin = manifest.bin?.['glm-mock'];
  if (bin === undefined) throw new Error('@glm/mock-server declares no glm-mock bin');
  return join(dirname(manifestPath), bin);
}

/**
 * The command that runs `glm-mock`: the installed bin, or the one `GLM_MOCK_COMMAND` names as a JSON
 * array (the repository's container test runs these tests against the image:
 * `["docker","run","--rm","--network","host","glm-mock:local"]`).
 */
function glmMockCommand(): readonly [string, ...string[]] {
  const given = process.env['GLM_MOCK_COMMAND'];
  if (given === undefined || given === '') return [process.execPath, glmMockBin()];
  const command: unknown = JSON.parse(given);
  if (!Array.isArray(command) || command.length === 0 || !command.every((part) => typeof part === 'string')) {
    throw new Error(`GLM_MOCK_COMMAND must be a JSON array of strings, not ${given}`);
  }
  return command as [string, ...string[]];
}

/** Spawns `glm-mock serve --port 0` and resolves once it printed its address and test key. */
export function startGlmMock(timeoutMs = 30_000): Promise<MockProcess> {
  const [command, ...prefix] = glmMockCommand();
  const child: ChildProcess = spawn(command, [...prefix, 'serve', '--port', '0'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // Never leave a server behind, even when this test process ends without its `after` hooks.
  const killOnExit = () => child.kill('SIGTERM');
  process.once('exit', killOnExit);
  void exited.then(() => process.off('exit', killOnExit));
  return new Promise((resolve, reject) => {
    const fail = (why: string) => {
      clearTimeout(timer);
      child.kill('SIGTERM');
      reject(new Error(`glm-mock serve ${why}\nstdout:\n${stdout}\nstderr:\n${stderr}`));
    };
    const timer = setTimeout(() => fail(`printed no address and test key within ${timeoutMs} ms`), timeoutMs);
    child.once('error', (error) => fail(`could not start: ${error.message}`));
    child.once('exit', (code, signal) => fail(`exited early (${code ?? signal})`));
    child.stdout?.on('data', (chunk: Buffer) => {
      stdout += chunk.toString('utf8');
      const url = /^glm-mock listening on (http:\/\/\S+)$/m.exec(stdout)?.[1];
      const testKey = /^test key: (glm_test_\S+)$/m.exec(stdout)?.[1];
      if (url === undefined || testKey === undefined) return;
      clearTimeout(timer);
      child.removeAllListeners('exit');
      resolve({
        url,
        testKey,
        client: (options = {}) => new Glm({ apiKey: testKey, baseUrl: url, ...options }),
        stop: async () => {
          if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
          await exited;
        },
      });
    });
  });
}
