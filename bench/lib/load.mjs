// Load generation with autocannon, in the bench process; the server under test runs in another process.
import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';

/**
 * Load settings shared by every HTTP figure, so the mock and its baseline see the same load. `rounds`: how
 * many alternating runs of each a figure takes the median of; three, so one slow round does not set it (in
 * one full run the first GET round served half the second's rate at twice its CPU per request, and the
 * median of two rounds is their mean).
 */
export const LOAD = { connections: 10, duration: 5, warmup: 1, rounds: 3 };

/**
 * Requests per second (mean over the run) of one request shape against `url`, and the server's CPU
 * time per request when `cpuMicros` reads the server's CPU clock. With `uniqueKey`, every request
 * carries a fresh `Idempotency-Key`. Any non-2xx answer or socket error fails the figure.
 */
export async function measureLoad({ url, method = 'GET', headers = {}, body, uniqueKey = false, cpuMicros }) {
  const request = { method, headers, ...(body === undefined ? {} : { body }) };
  if (uniqueKey) {
    request.setupRequest = (req) => ({
      ...req,
      headers: { ...req.headers, 'idempotency-key': randomUUID() },
    });
  }
  // A short unmeasured run first, so the JIT and the server's caches are warm.
  await autocannon({ url, connections: LOAD.connections, duration: LOAD.warmup, requests: [request] });
  const cpuBefore = await cpuMicros?.();
  const result = await autocannon({
    url,
    connections: LOAD.connections,
    duration: LOAD.duration,
    requests: [request],
  });
  if (result.non2xx > 0 || result.errors > 0 || result.timeouts > 0) {
    throw new Error(
      `${method} ${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors, ${result.timeouts} timeouts`,
    );
  }
  const cpuAfter = await cpuMicros?.();
  const cpuPerRequest =
    cpuBefore === undefined || cpuAfter === undefined
      ? undefined
      : (cpuAfter - cpuBefore) / result.requests.total;
  return { perSecond: result.requests.average, cpuPerRequest };
}
