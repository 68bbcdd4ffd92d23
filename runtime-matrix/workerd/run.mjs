// The built SDK in workerd, Cloudflare's Workers runtime (the `workerd` npm package ships its binary,
// which runs on Node 20; miniflare would need Node 22): the merchant worker of ../fetch-worker, bundled
// with esbuild under the `workerd` and `worker` conditions, served by `workerd serve` with a network
// service that may reach 127.0.0.1 (workerd's default outbound refuses private addresses), then driven
// against the mock server (GLM_BASE_URL, GLM_API_KEY from run.mjs).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bundleWorker, driveWorker, startEchoServer } from '../fetch-worker/drive.mjs';

// The platform binary itself (the package's main answers its path): `bin/workerd` is a Node launcher,
// and a SIGTERM to it would leave the binary running.
const require = createRequire(import.meta.url);
const workerdBinary = require('workerd').default;

async function freePort() {
  const server = createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const config = (port) => `using Workerd = import "/workerd/workerd.capnp";

const config :Workerd.Config = (
  services = [
    (name = "main", worker = .merchant),
    (name = "loopback", network = (allow = ["public", "private", "local"])),
  ],
  sockets = [(name = "http", address = "127.0.0.1:${port}", http = (), service = "main")],
);

const merchant :Workerd.Worker = (
  modules = [(name = "worker", esModule = embed "worker.mjs")],
  compatibilityDate = "2025-09-01",
  globalOutbound = "loopback",
);
`;

async function waitForWorker(url, child) {
  for (let tries = 0; tries < 100; tries++) {
    if (child.exitCode !== null) throw new Error(`workerd exited with ${child.exitCode}`);
    try {
      await fetch(`${url}/ready`);
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  throw new Error('workerd did not start listening within 10 s');
}

const scratch = mkdtempSync(join(tmpdir(), 'glm-workerd-'));
const echo = await startEchoServer();
let child;
try {
  await bundleWorker('workerd-entry.mjs', {
    format: 'esm',
    conditions: ['workerd', 'worker', 'browser'],
    outfile: join(scratch, 'worker.mjs'),
  });
  const port = await freePort();
  writeFileSync(join(scratch, 'config.capnp'), config(port));
  child = spawn(workerdBinary, ['serve', join(scratch, 'config.capnp'), '--verbose'], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitForWorker(url, child);
  process.stdout.write(`[workerd] ${await driveWorker(url, { runtime: 'workerd', echoUrl: echo.url })}\n`);
} catch (error) {
  process.stderr.write(
    `[workerd] failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exitCode = 1;
} finally {
  child?.kill('SIGTERM');
  echo.close();
  rmSync(scratch, { recursive: true, force: true });
}
