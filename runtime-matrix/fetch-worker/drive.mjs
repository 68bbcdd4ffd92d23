// Shared by the workerd and edge-runtime steps: bundles the merchant worker from the built SDK (its
// published `exports`, so dist/), runs an echo server that records the headers it is sent, drives
// `POST /run` against the mock server (GLM_BASE_URL, GLM_API_KEY, started by run.mjs) and checks what
// came back: a paid checkout, its `order.completed` verified with a signature, the embed's message
// parser, and `x-glm-client` / `User-Agent` naming this runtime.
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { checkoutRequest } from '../fixtures.mjs';

/** Bundles `entry` (a file of this folder) into one file of `format` for a runtime with `conditions`. */
export async function bundleWorker(entry, { format, conditions, outfile }) {
  await build({
    entryPoints: [fileURLToPath(new URL(entry, import.meta.url))],
    bundle: true,
    format,
    platform: 'neutral',
    mainFields: ['module', 'main'],
    conditions,
    target: 'es2022',
    outfile,
    logLevel: 'error',
  });
}

/** An HTTP server answering every request with the headers it came with, as JSON. */
export async function startEchoServer() {
  const server = createServer((request, response) => {
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify(request.headers));
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${server.address().port}`, close: () => server.close() };
}

/** Drives the worker at `workerUrl` and throws unless every check holds; answers one line for the log. */
export async function driveWorker(workerUrl, { runtime, echoUrl }) {
  const response = await fetch(`${workerUrl}/run`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      baseUrl: process.env.GLM_BASE_URL,
      apiKey: process.env.GLM_API_KEY,
      echoUrl,
      checkout: checkoutRequest(`worker-${runtime}`),
    }),
  });
  const result = await response.json();
  if (!response.ok)
    throw new Error(`${runtime}: /run answered ${response.status}: ${JSON.stringify(result)}`);
  const problems = [];
  if (result.orderId === null) problems.push('the checkout was not paid');
  if (result.verifiedOrderId !== result.orderId) {
    problems.push(
      `no verified order.completed for ${result.orderId} (refused: ${JSON.stringify(result.refused)})`,
    );
  }
  if (result.embedMessage !== 'checkout.completed')
    problems.push('the embed entry did not parse its message');
  const identity = `@glm/sdk/${result.version} (${runtime}/unknown)`;
  if (result.echoed['x-glm-client'] !== identity) {
    problems.push(`x-glm-client was ${JSON.stringify(result.echoed['x-glm-client'])}, not ${identity}`);
  }
  if (result.echoed['user-agent'] !== identity) {
    problems.push(`User-Agent was ${JSON.stringify(result.echoed['user-agent'])}, not ${identity}`);
  }
  if (problems.length > 0) throw new Error(`${runtime}: ${problems.join('; ')}`);
  return `checkout ${result.checkoutId} paid, order.completed for ${result.orderId} verified (signed), x-glm-client and User-Agent "${identity}"`;
}
