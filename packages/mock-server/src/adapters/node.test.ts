import { createServer } from 'node:net';
import { expect, test } from 'vitest';
import { startServer } from './node.ts';

const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });

test('a service that cannot be created (a malformed key) is refused and leaves no port listening', async () => {
  const port = await freePort();
  await expect(startServer({ port, keys: { test: 'glm_test_nope' } })).rejects.toThrow(/options\.keys\.test/);
  const again = await startServer({ port });
  expect(again.url).toBe(`http://127.0.0.1:${port}`);
  await again.close();
});

test('a closed server refuses new connections', async () => {
  const server = await startServer({ port: 0 });
  const health = await fetch(`${server.url}/openapi.json`);
  expect(health.status).toBe(200);
  await server.close();
  await expect(fetch(`${server.url}/openapi.json`)).rejects.toThrow();
});
