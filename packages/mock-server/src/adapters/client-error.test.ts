import { afterEach, expect, test } from 'vitest';
import { parseRawAnswer, type RawAnswer, rawExchange } from '../../test/support/raw-http.ts';
import { type RunningServer, type StartServerOptions, startServer } from './node.ts';

let server: RunningServer | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
});

const start = async (options: StartServerOptions = {}): Promise<RunningServer> => {
  server = await startServer({ port: 0, rateLimit: false, ...options });
  return server;
};

/** The answer is the error body with `code`, an `x-request-id`, a closed connection and a journal entry. */
function expectEnvelope(running: RunningServer, answer: RawAnswer, status: number, code: string): void {
  expect(answer.status).toBe(status);
  expect(answer.headers['content-type']).toBe('application/json');
  expect(answer.headers['connection']).toBe('close');
  expect(JSON.parse(answer.body)).toMatchObject({ error: { code } });
  const requestId = answer.headers['x-request-id'];
  expect(requestId).toMatch(/^req_/);
  expect(running.service.requests().find((entry) => entry.request_id === requestId)?.status).toBe(status);
}

test('headers over 16 KiB are 431 in the error body with an x-request-id, not Node’s bare 431', async () => {
  const running = await start();
  const request = `GET /api/v2/products HTTP/1.1\r\nhost: x\r\nx-big: ${'a'.repeat(20_000)}\r\n\r\n`;
  const answer = await rawExchange(running.url, request);
  expectEnvelope(running, answer, 431, 'request_header_fields_too_large');
  expect(running.service.requests().at(-1)).toMatchObject({ method: 'GET', path: '/api/v2/products' });
});

test('a method the HTTP parser does not know (TRACK) is 405 with Allow', async () => {
  const running = await start();
  const answer = await rawExchange(running.url, 'TRACK /api/v2/products HTTP/1.1\r\nhost: x\r\n\r\n');
  expectEnvelope(running, answer, 405, 'method_not_allowed');
  expect(answer.headers['allow']).toBe('GET, HEAD, POST, PUT, DELETE');
});

test('a request the parser cannot read is 400 in the error body', async () => {
  const running = await start();
  const answer = await rawExchange(running.url, 'GET /api/v2/products HTTP/7.0\r\nhost: x\r\n\r\n');
  expectEnvelope(running, answer, 400, 'invalid_request');
});

test('a client sending its headers too slowly (slowloris) gets 408 after the headers timeout', async () => {
  const running = await start({ timeouts: { headersMs: 300, requestMs: 600 } });
  const began = Date.now();
  const answer = await rawExchange(running.url, 'GET /api/v2/products HTTP/1.1\r\nhost: x\r\n', [], {
    keepOpen: true,
  });
  expectEnvelope(running, answer, 408, 'request_timeout');
  expect(Date.now() - began).toBeLessThan(3000);
});

test('a client sending its body too slowly gets 408 after the request timeout', async () => {
  const running = await start({ timeouts: { headersMs: 300, requestMs: 600 } });
  const head = [
    'POST /api/v2/products HTTP/1.1',
    'host: x',
    `authorization: Bearer ${running.service.keys.test}`,
    'content-type: application/json',
    'content-length: 100',
    '',
    '{"name":',
  ].join('\r\n');
  const answer = await rawExchange(running.url, head, [], { keepOpen: true });
  expectEnvelope(running, answer, 408, 'request_timeout');
  expect(running.service.requests().at(-1)).toMatchObject({ method: 'POST', path: '/api/v2/products' });
  // The request's own handling, cut short, answers nothing more (and no 5xx).
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(running.service.requests().map((entry) => entry.status)).toEqual([408]);
});

test('the server has its own timeouts, and refuses ones Node.js would not take', async () => {
  await expect(startServer({ port: 0, timeouts: { headersMs: 0 } })).rejects.toThrow(RangeError);
  await expect(startServer({ port: 0, timeouts: { headersMs: 5000, requestMs: 1000 } })).rejects.toThrow(
    /headersMs/,
  );
});

test('a request the parser cannot read on a kept-alive connection, after an answered one, still gets its answer', async () => {
  const running = await start();
  const first = 'GET /openapi.json HTTP/1.1\r\nhost: x\r\n\r\n';
  const answer = await rawExchange(running.url, `${first}patch /v2/x HTTP/1.1\r\nhost: x\r\n\r\n`);
  expect(answer.status).toBe(200);
  const second = parseRawAnswer(answer.body.slice(answer.body.lastIndexOf('HTTP/1.1 ')));
  expect(second.status).toBe(405);
  expect(JSON.parse(second.body)).toMatchObject({ error: { code: 'method_not_allowed' } });
});

test('a request the parser cannot read on a reused kept-alive connection gets its answer, not a closed socket', async () => {
  const running = await start();
  expect((await fetch(`${running.url}/openapi.json`)).status).toBe(200);
  // fetch reuses the kept-alive connection; `patch` in lower case is a method the parser does not know.
  const refused = await fetch(`${running.url}/v2/products`, { method: 'patch', body: '{}' });
  expect(refused.status).toBe(405);
  expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('method_not_allowed');
});
