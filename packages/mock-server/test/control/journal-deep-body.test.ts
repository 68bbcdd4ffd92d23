import { expect, test } from 'vitest';
import { createMockService } from '../../src/index.ts';

test('a request body nested thousands of levels deep is refused, and the journal still reads, noting the body instead of keeping it', async () => {
  const mock = createMockService();
  const send = (method: string, path: string, body?: string) =>
    mock.handle(
      new Request(`http://127.0.0.1${path}`, {
        method,
        headers: { authorization: `Bearer ${mock.keys.test}`, 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body }),
      }),
    );
  const deep = `${'['.repeat(5000)}${']'.repeat(5000)}`;
  expect((await send('POST', '/v2/products', deep)).status).toBe(400);
  const listed = await send('GET', '/v2/test_helpers/requests?limit=1');
  expect(listed.status).toBe(200);
  const { data } = (await listed.json()) as { data: { path: string; body: unknown }[] };
  expect(data[0]).toMatchObject({
    path: '/v2/products',
    body: '[a body nested more than 128 levels deep, not kept]',
  });
});
