// D42: an unknown route names the closest routes; a known path with another method is 405 with Allow.
import { describe, expect, test } from 'vitest';
import { errorOf, TRANSPORTS, useHarness } from '../support/harness.ts';

describe.each(TRANSPORTS)('unknown routes over %s', (transport) => {
  const harness = useHarness(transport);

  test('a misspelt path is 404 naming the closest routes as METHOD /path, with or without a key', async () => {
    for (const key of ['test', null] as const) {
      const reply = await harness().request('GET', '/v2/prodcts', { key });
      expect(reply.status).toBe(404);
      expect(errorOf(reply)).toMatchObject({
        code: 'not_found',
        message: expect.stringContaining('Did you mean GET /v2/products'),
      });
    }
    const api = await harness().request('POST', '/api/v2/refund', { body: {} });
    expect(errorOf(api).message).toContain('POST /api/v2/refunds');
  });

  test('a path nothing resembles is a plain 404, naming no route', async () => {
    const reply = await harness().request('GET', '/v2/zzzzzzzz/yyyyyyyy/xxxxxxxx/wwwwwwww');
    expect(reply.status).toBe(404);
    expect(errorOf(reply).message).toBe('No route for GET /v2/zzzzzzzz/yyyyyyyy/xxxxxxxx/wwwwwwww.');
  });

  test('a known path with another method is 405 with Allow, and changes nothing', async () => {
    const before = harness().service.events().length;
    const reply = await harness().request('DELETE', '/v2/products');
    expect(reply.status).toBe(405);
    expect(reply.headers.get('allow')).toBe('GET, POST');
    expect(errorOf(reply).code).toBe('method_not_allowed');
    expect(harness().service.events()).toHaveLength(before);
  });
});
