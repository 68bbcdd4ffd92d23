import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What a test site answers for a path (search ignored). */
export interface SiteRoute {
  /** Content type. */
  readonly type: string;
  /** Body. */
  readonly body: string;
}

/** A tiny site on its own 127.0.0.1 port (so its own origin): the merchant page, a hostile page, a webhook receiver. */
export interface TestSite {
  /** `http://127.0.0.1:<port>`. */
  readonly origin: string;
  /** Requests received, oldest first. */
  readonly received: {
    readonly method: string;
    readonly path: string;
    readonly headers: Record<string, string>;
    readonly body: string;
  }[];
  /** Stops the site. */
  close(): Promise<void>;
}

/**
 * Starts a site. `routes` maps paths to fixed answers; other GETs get a small page naming the path (the
 * landing pages of redirects); `status()` is the status of every answer (a receiver that fails, then recovers).
 */
export async function startSite(
  routes: (origin: string) => Readonly<Record<string, SiteRoute>>,
  status: () => number = () => 200,
): Promise<TestSite> {
  const received: TestSite['received'][number][] = [];
  let origin = '';
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = new URL(request.url ?? '/', origin).pathname;
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(request.headers))
        if (typeof value === 'string') headers[name] = value;
      received.push({
        method: request.method ?? 'GET',
        path,
        headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      const route = routes(origin)[path] ?? {
        type: 'text/html; charset=utf-8',
        body: `<!doctype html><title>Landed</title><h1>Landed on ${path}</h1>`,
      };
      response.writeHead(status(), { 'content-type': route.type, 'cache-control': 'no-store' });
      response.end(route.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    received,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error === undefined ? resolve() : reject(error)));
        server.closeAllConnections();
      }),
  };
}
