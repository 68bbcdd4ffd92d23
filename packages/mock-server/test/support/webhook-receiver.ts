import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request a receiver got. */
export interface Received {
  readonly path: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

/** How the receiver answers a request: a status (and body), or `'hang'` to never answer. */
export type Reply = { readonly status: number; readonly body?: string } | 'hang';

/** A real `node:http` receiver on 127.0.0.1 and a free port. */
export interface Receiver {
  readonly url: string;
  readonly received: Received[];
  close(): Promise<void>;
}

/** Starts a receiver; `reply` decides each answer (default 200 `{"received":true}`). */
export async function startReceiver(
  reply: (request: Received, index: number) => Reply = () => ({ status: 200 }),
): Promise<Receiver> {
  const received: Received[] = [];
  const server = createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const request = {
        path: incoming.url ?? '/',
        headers: incoming.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      received.push(request);
      const answer = reply(request, received.length - 1);
      if (answer === 'hang') return;
      outgoing.statusCode = answer.status;
      outgoing.setHeader('content-type', 'application/json');
      outgoing.end(answer.body ?? '{"received":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const same = (a: string, b: string): boolean => {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  return left.length === right.length && timingSafeEqual(left, right);
};

/**
 * Checks both auth headers of a delivery with node:crypto, independently of the server's code: the
 * Bearer token is the secret, and `v1` is the hex HMAC-SHA256 of `"<t>.<raw body>"` keyed with it.
 */
export function verifyIndependently(
  request: Pick<Received, 'headers' | 'body'>,
  secret: string,
): { bearer: boolean; signature: boolean; t: number } {
  const bearer = same(String(request.headers['authorization'] ?? ''), `Bearer ${secret}`);
  const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(String(request.headers['x-service-signature'] ?? ''));
  if (match === null) return { bearer, signature: false, t: Number.NaN };
  const [, t = '', v1 = ''] = match;
  const expected = createHmac('sha256', Buffer.from(secret, 'utf8'))
    .update(`${t}.${request.body}`, 'utf8')
    .digest('hex');
  return { bearer, signature: same(v1, expected), t: Number(t) };
}
