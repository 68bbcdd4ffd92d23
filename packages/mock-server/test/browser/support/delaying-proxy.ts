import { createServer, request as forward } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A proxy in front of a server that holds every POST answer back, as a slow network does. */
export interface DelayingProxy {
  /** `http://127.0.0.1:<port>`: use it in place of the server's origin. */
  readonly origin: string;
  /** The POST requests that went through, oldest first (method and path). */
  readonly posts: string[];
  /** Rewrites a URL of the server to go through the proxy. */
  through(url: string): string;
  /** Stops the proxy. */
  close(): Promise<void>;
}

/** Starts a proxy to `target` (an http origin) that delays each POST's answer by `delayMs`. */
export async function startDelayingProxy(target: string, delayMs = 1500): Promise<DelayingProxy> {
  const upstream = new URL(target);
  const posts: string[] = [];
  const server = createServer((incoming, outgoing) => {
    if (incoming.method === 'POST') posts.push(`POST ${incoming.url ?? ''}`);
    const headers = { ...incoming.headers, host: upstream.host };
    const relay = forward(
      { host: upstream.hostname, port: upstream.port, method: incoming.method, path: incoming.url, headers },
      (answer) => {
        const send = (): void => {
          outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(outgoing);
        };
        if (incoming.method === 'POST') setTimeout(send, delayMs);
        else send();
      },
    );
    relay.on('error', () => {
      if (!outgoing.headersSent) outgoing.writeHead(502);
      outgoing.end();
    });
    incoming.pipe(relay);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    posts,
    through: (url) => {
      const parsed = new URL(url);
      return `${origin}${parsed.pathname}${parsed.search}`;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error === undefined ? resolve() : reject(error)));
        server.closeAllConnections();
      }),
  };
}
