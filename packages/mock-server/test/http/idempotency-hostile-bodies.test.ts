import { expect, test } from 'vitest';
import type { MockService } from '../../src/index.ts';
import { createMockService } from '../../src/index.ts';
import { eligibleProduct } from '../support/fixtures.ts';
import { storeSnapshot } from '../support/store-snapshot.ts';

const post = (service: MockService, text: string) =>
  service.handle(
    new Request('http://127.0.0.1/api/v2/products', {
      method: 'POST',
      headers: {
        authorization: `Bearer ${service.keys.test}`,
        'content-type': 'application/json',
        'idempotency-key': 'key-1',
      },
      body: text,
    }),
  );

test('a key reused with a body nested thousands of levels deep is 400 idempotency_error, not a 500', async () => {
  const service = createMockService({ rateLimit: false });
  expect((await post(service, JSON.stringify(eligibleProduct()))).status).toBe(201);
  const before = storeSnapshot(service);
  const deep = await post(service, `${'['.repeat(20_000)}${']'.repeat(20_000)}`);
  expect(deep.status).toBe(400);
  expect(((await deep.json()) as { error: { code: string } }).error.code).toBe('idempotency_error');
  expect(storeSnapshot(service)).toBe(before);
});

test('a key reused with the same body plus a __proto__ key is another request, not a replay', async () => {
  const service = createMockService({ rateLimit: false });
  const text = JSON.stringify(eligibleProduct());
  expect((await post(service, text)).status).toBe(201);
  const other = await post(service, text.replace('{', '{"__proto__":{"x":1},'));
  expect(other.status).toBe(400);
  expect(other.headers.get('idempotent-replayed')).toBeNull();
});
