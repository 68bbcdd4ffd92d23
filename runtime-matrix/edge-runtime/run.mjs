// The built SDK in Vercel's Edge runtime (the `edge-runtime` npm package: the same VM and web APIs as
// Vercel's Edge Functions, run from Node): the merchant worker of ../fetch-worker, bundled with esbuild
// under the `edge-light` and `worker` conditions as a script with a `fetch` listener, served by
// `runServer`, then driven against the mock server (GLM_BASE_URL, GLM_API_KEY from run.mjs).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EdgeRuntime, runServer } from 'edge-runtime';
import { bundleWorker, driveWorker, startEchoServer } from '../fetch-worker/drive.mjs';

const scratch = mkdtempSync(join(tmpdir(), 'glm-edge-'));
const echo = await startEchoServer();
let server;
try {
  const outfile = join(scratch, 'edge.js');
  await bundleWorker('edge-entry.mjs', {
    format: 'iife',
    conditions: ['edge-light', 'worker', 'browser'],
    outfile,
  });
  const runtime = new EdgeRuntime({ initialCode: readFileSync(outfile, 'utf8') });
  server = await runServer({ runtime, port: 0, host: '127.0.0.1' });
  const url = server.url.replace(/\/$/, '');
  process.stdout.write(
    `[edge-runtime] ${await driveWorker(url, { runtime: 'edge-runtime', echoUrl: echo.url })}\n`,
  );
} catch (error) {
  process.stderr.write(
    `[edge-runtime] failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exitCode = 1;
} finally {
  await server?.close();
  echo.close();
  rmSync(scratch, { recursive: true, force: true });
}
