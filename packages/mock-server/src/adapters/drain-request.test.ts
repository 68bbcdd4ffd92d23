import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from 'vitest';
import { drainRequest } from './drain-request.ts';

/** Sends `size` bytes to a server that drains with a 1000-byte bound; answers what drainRequest said. */
async function drained(size: number): Promise<boolean> {
  let verdict: Promise<boolean> | undefined;
  const server = createServer((incoming, outgoing) => {
    verdict = drainRequest(incoming, 1000);
    void verdict.then(() => outgoing.writeHead(204, { connection: 'close' }).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => {
    const request = httpRequest({ host: '127.0.0.1', port, method: 'POST', agent: false });
    request.on('response', (response) => response.resume().on('end', resolve));
    request.on('error', () => resolve());
    request.end(Buffer.alloc(size));
  });
  server.close();
  return (await verdict) ?? false;
}

test('a body within the bound is read to its end, so the connection can be kept', async () => {
  expect(await drained(500)).toBe(true);
  expect(await drained(0)).toBe(true);
});

test('a body longer than the bound stops the drain: the answer must close the connection', async () => {
  expect(await drained(50_000)).toBe(false);
});
