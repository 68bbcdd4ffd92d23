import { afterEach, beforeEach, expect, test } from 'vitest';
import { parseRawAnswer, rawExchange } from '../../test/support/raw-http.ts';
import { type RunningServer, startServer } from './node.ts';

let server: RunningServer;

beforeEach(async () => {
  server = await startServer({ port: 0, rateLimit: false });
});
afterEach(() => server.close());

const head = (method: string, target: string, headers: readonly string[] = []): string =>
  [`${method} ${target} HTTP/1.1`, 'host: 127.0.0.1', 'connection: close', ...headers, '', ''].join('\r\n');

const journaled = (status: number, requestId: string | undefined) =>
  server.service.requests().find((entry) => entry.request_id === requestId && entry.status === status);

test.each([
  ['TRACE', '/api/v2/products', 'GET, POST'],
  ['TRACE', '/v2/orders/ord_1', 'GET'],
  ['TRACE', '/checkout/cs_1', 'GET, HEAD'],
  ['TRACE', '/assets/glm-pages.css', 'GET, HEAD'],
  ['PROPFIND', '/api/v2/products', 'GET, POST'],
])(
  '%s %s is 405 in the error body with Allow and an x-request-id, and journaled',
  async (method, path, allow) => {
    const answer = await rawExchange(
      server.url,
      head(method, path, [`authorization: Bearer ${server.service.keys.test}`]),
    );
    expect(answer.status).toBe(405);
    expect(answer.headers['allow']).toBe(allow);
    expect(answer.headers['content-type']).toBe('application/json');
    expect(JSON.parse(answer.body)).toMatchObject({ error: { code: 'method_not_allowed' } });
    expect(answer.headers['x-request-id']).toMatch(/^req_/);
    expect(journaled(405, answer.headers['x-request-id'])).toMatchObject({ method, path });
  },
);

test('TRACE on a path where nothing lives is 404 in the error body, as any other method there', async () => {
  const answer = await rawExchange(server.url, head('TRACE', '/nowhere'));
  expect(answer.status).toBe(404);
  expect(JSON.parse(answer.body)).toMatchObject({ error: { code: 'not_found' } });
  expect(journaled(404, answer.headers['x-request-id'])).toMatchObject({ method: 'TRACE', path: '/nowhere' });
});

test('CONNECT is 405 in the error body with Allow and an x-request-id, journaled, and the connection closes', async () => {
  const answer = await rawExchange(server.url, head('CONNECT', 'example.com:443'));
  expect(answer.status).toBe(405);
  expect(answer.headers['allow']).toBe('GET, HEAD, POST, PUT, DELETE');
  expect(answer.headers['connection']).toBe('close');
  expect(JSON.parse(answer.body)).toMatchObject({ error: { code: 'method_not_allowed' } });
  expect(journaled(405, answer.headers['x-request-id'])).toMatchObject({
    method: 'CONNECT',
    path: 'example.com:443',
  });
});

test('a request target with user credentials is 400 in the error body with an x-request-id, and journaled', async () => {
  const answer = await rawExchange(server.url, head('GET', 'http://user:secret@127.0.0.1/api/v2/products'));
  expect(answer.status).toBe(400);
  expect(JSON.parse(answer.body)).toMatchObject({ error: { code: 'invalid_request' } });
  expect(journaled(400, answer.headers['x-request-id'])).toBeDefined();
});

test('the server answers the next request on a kept-alive connection after a TRACE', async () => {
  const key = server.service.keys.test;
  const first = head('TRACE', '/api/v2/products').replace('connection: close\r\n', '');
  const answer = await rawExchange(
    server.url,
    `${first}${head('GET', '/api/v2/products', [`authorization: Bearer ${key}`])}`,
  );
  expect(answer.status).toBe(405);
  expect(parseRawAnswer(answer.body.slice(answer.body.indexOf('HTTP/1.1'))).status).toBe(200);
});
