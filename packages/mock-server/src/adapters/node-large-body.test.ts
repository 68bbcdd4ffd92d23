import { request as httpRequest } from 'node:http';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { parseRawAnswer, rawExchange } from '../../test/support/raw-http.ts';
import { type RunningServer, startServer } from './node.ts';

let server: RunningServer;

beforeEach(async () => {
  server = await startServer({ port: 0, rateLimit: false });
});
afterEach(() => server.close());

interface Outcome {
  readonly status?: number;
  readonly body?: string;
  readonly error?: string;
}

/** POSTs `size` bytes with node:http without keep-alive, in 64 KiB writes; reports the answer or the socket error. */
function postLarge(path: string, size: number, headers: Record<string, string>): Promise<Outcome> {
  return new Promise((resolve) => {
    const { hostname, port } = new URL(server.url);
    const request = httpRequest({
      host: hostname,
      port,
      path,
      method: 'POST',
      agent: false,
      headers: { connection: 'close', 'content-length': String(size), ...headers },
    });
    let status: number | undefined;
    let body: string | undefined;
    let error: string | undefined;
    request.on('error', (cause: NodeJS.ErrnoException) => {
      error ??= cause.code ?? cause.message;
    });
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        status = response.statusCode ?? 0;
        body = Buffer.concat(chunks).toString('utf8');
      });
    });
    // Settled once the exchange is over, so an error after the answer (EPIPE while writing) counts too.
    request.on('close', () => {
      setImmediate(() =>
        resolve({
          ...(status === undefined ? {} : { status }),
          ...(body === undefined ? {} : { body }),
          ...(error === undefined ? {} : { error }),
        }),
      );
    });
    const chunk = Buffer.alloc(64 * 1024, 0x61);
    let sent = 0;
    const pump = (): void => {
      while (sent < size) {
        const part = chunk.subarray(0, Math.min(chunk.length, size - sent));
        sent += part.length;
        if (!request.write(part)) {
          request.once('drain', pump);
          return;
        }
      }
      request.end();
    };
    pump();
  });
}

const TEN_MB = 10 * 1000 * 1000;

test('a 10 MB body without keep-alive gets the 413 in the error body, not a broken pipe', async () => {
  const auth = { authorization: `Bearer ${server.service.keys.test}`, 'content-type': 'application/json' };
  for (let attempt = 0; attempt < 3; attempt++) {
    const outcome = await postLarge('/api/v2/products', TEN_MB, auth);
    expect(outcome.error).toBeUndefined();
    expect(outcome.status).toBe(413);
    expect(JSON.parse(outcome.body ?? '')).toMatchObject({ error: { code: 'payload_too_large' } });
  }
});

test('answers given before the body is read (401, a hosted page 404) reach the client too', async () => {
  const unauthorized = await postLarge('/api/v2/products', TEN_MB, { 'content-type': 'application/json' });
  expect(unauthorized).toMatchObject({ status: 401 });
  expect(unauthorized.error).toBeUndefined();
  const form = { 'content-type': 'application/x-www-form-urlencoded' };
  const page = await postLarge('/checkout/cs_missing/pay', TEN_MB, form);
  expect(page).toMatchObject({ status: 404 });
  expect(page.error).toBeUndefined();
});

test('after a 413 on a kept-alive connection the rest of the body is drained and the next request is answered', async () => {
  const key = server.service.keys.test;
  const size = 3 * 1024 * 1024;
  const head = [
    'POST /api/v2/products HTTP/1.1',
    'host: 127.0.0.1',
    `authorization: Bearer ${key}`,
    'content-type: application/json',
    `content-length: ${size}`,
    '',
    '',
  ].join('\r\n');
  const next = ['GET /api/v2/products HTTP/1.1', 'host: 127.0.0.1', `authorization: Bearer ${key}`];
  const answer = await rawExchange(server.url, head, [
    Buffer.alloc(size, 0x61),
    Buffer.from([...next, 'connection: close', '', ''].join('\r\n')),
  ]);
  expect(answer.error).toBeUndefined();
  expect(answer.status).toBe(413);
  expect(answer.headers['x-request-id']).toMatch(/^req_/);
  const second = parseRawAnswer(answer.body.slice(answer.body.indexOf('HTTP/1.1')));
  expect(second.status).toBe(200);
});
