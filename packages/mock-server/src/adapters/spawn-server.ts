import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** Options of {@link spawnServer}. */
export interface SpawnServerOptions {
  /**
   * More arguments of `glm-mock serve` (`--seed`, `--fault`, `--data`, …). Without a `--port`, the
   * server takes a free port (`--port 0`).
   */
  readonly args?: readonly string[];
  /** Environment variables of the server's process, over this process's own. */
  readonly env?: Readonly<Record<string, string>>;
  /** The `glm-mock` bin to run (a path to its JavaScript file); default this package's own. */
  readonly bin?: string;
  /**
   * The command that runs `glm-mock` instead of this Node and `bin`, `serve` and its arguments added
   * after it: for example the container image,
   * `['docker', 'run', '--rm', '--network', 'host', 'glm-mock:local']`.
   */
  readonly command?: readonly [string, ...string[]];
}

/** A `glm-mock serve` running in another process, as {@link spawnServer} started it. */
export interface SpawnedServer {
  /** Its base URL, `http://127.0.0.1:<port>` (give it to the SDK as `baseUrl`). */
  readonly url: string;
  /** Its test-mode API key. */
  readonly testKey: string;
  /** Its live-mode API key. */
  readonly liveKey: string;
  /** The dashboard's address, with its sign-in token. */
  readonly dashboardUrl: string;
  /** Stops the server (`SIGTERM`) and resolves once its process has exited. */
  close(): Promise<void>;
}

/** How long the server may take to print its address and keys. */
const START_TIMEOUT_MS = 30_000;

/** The line `glm-mock serve` prints last once it is ready. */
const LAST_LINE = 'GLM_API_KEY=';

/** This package's own `glm-mock` bin, found through its manifest. */
function ownBin(): string {
  const manifestPath = createRequire(import.meta.url).resolve('@glm/mock-server/package.json');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as { bin?: Record<string, string> };
  return join(dirname(manifestPath), manifest.bin?.['glm-mock'] ?? 'bin/glm-mock.js');
}

/** The address and keys of the lines `glm-mock serve` printed, or the first one missing. */
function readServeLines(text: string): Omit<SpawnedServer, 'close'> | string {
  const lines = text.split('\n');
  const after = (prefix: string) => lines.find((line) => line.startsWith(prefix))?.slice(prefix.length);
  const url = after('glm-mock listening on ');
  const testKey = after('test key: ');
  const liveKey = after('live key: ');
  const dashboardUrl = after('dashboard: ');
  if (url === undefined) return 'glm-mock listening on';
  if (testKey === undefined) return 'test key:';
  if (liveKey === undefined) return 'live key:';
  if (dashboardUrl === undefined) return 'dashboard:';
  return { url, testKey, liveKey, dashboardUrl };
}

/** Stops a child process with `SIGTERM` unless it has already exited, and waits for it to exit. */
function stop(child: ChildProcess, exited: Promise<void>): Promise<void> {
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  return exited;
}

/**
 * Starts `glm-mock serve` in another process (the bin itself, with this Node), waits until it has
 * printed its address and keys, and answers them with `close()`, which stops it with `SIGTERM` and
 * waits for it to exit. The server is also stopped if this process exits first. Rejects, with what the
 * server printed, when it exits or prints no address within 30 seconds.
 *
 * @example
 * import { Glm } from '@glm/sdk';
 * import { spawnServer } from '@glm/mock-server/node';
 *
 * const server = await spawnServer({ args: ['--rate-limit', 'off'] });
 * const glm = new Glm({ apiKey: server.testKey, baseUrl: server.url });
 * // … your tests …
 * await server.close();
 */
export function spawnServer(options: SpawnServerOptions = {}): Promise<SpawnedServer> {
  const args = options.args ?? [];
  const port =
    args.includes('--port') || args.some((arg) => arg.startsWith('--port=')) ? [] : ['--port', '0'];
  const [program, ...prefix] = options.command ?? [process.execPath, options.bin ?? ownBin()];
  const child = spawn(program, [...prefix, 'serve', ...port, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...options.env },
  });
  let stdout = '';
  let stderr = '';
  // The first 16 KiB: a refusal is the first line, before the usage the CLI prints after it.
  child.stderr?.on('data', (chunk: Buffer) => {
    if (stderr.length < 16_384) stderr = `${stderr}${chunk.toString('utf8')}`.slice(0, 16_384);
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stopOnExit = () => child.kill('SIGTERM');
  process.once('exit', stopOnExit);
  void exited.then(() => process.off('exit', stopOnExit));
  return new Promise((resolve, reject) => {
    const fail = (why: string) => {
      clearTimeout(timer);
      child.stdout?.removeAllListeners('data');
      void stop(child, exited);
      reject(new Error(`glm-mock serve ${why}\nstdout:\n${stdout}\nstderr:\n${stderr}`));
    };
    const timer = setTimeout(
      () => fail(`printed no address within ${START_TIMEOUT_MS} ms`),
      START_TIMEOUT_MS,
    );
    const onExit = (code: number | null, signal: NodeJS.Signals | null) =>
      fail(`exited early (${code ?? signal})`);
    child.once('error', (error) => fail(`could not start: ${error.message}`));
    child.once('exit', onExit);
    child.stdout?.on('data', (chunk: Buffer) => {
      stdout += chunk.toString('utf8');
      const complete = stdout.slice(0, stdout.lastIndexOf('\n') + 1);
      if (!complete.split('\n').some((line) => line.startsWith(LAST_LINE))) return;
      const read = readServeLines(complete);
      if (typeof read === 'string') return fail(`printed no "${read}" line`);
      clearTimeout(timer);
      child.off('exit', onExit);
      // Keep reading what it prints later, so a full pipe never blocks it.
      child.stdout?.removeAllListeners('data');
      child.stdout?.resume();
      resolve({ ...read, close: () => stop(child, exited) });
    });
  });
}
