import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { mockHandlers } from '../../src/adapters/msw.ts';
import { type RunningServer, startServer } from '../../src/adapters/node.ts';
import { FAULT_ANSWER_HEADER } from '../../src/http/faults/fault-answer.ts';
import type { MockService, MockServiceOptions } from '../../src/index.ts';
import { createMockService } from '../../src/index.ts';
import { proxyProblems } from './openapi-proxy.ts';

/** The two ways tests reach the service: in-process through msw, and over HTTP to the standalone server. */
export const TRANSPORTS = ['msw', 'http'] as const;
/** One of {@link TRANSPORTS}. */
export type Transport = (typeof TRANSPORTS)[number];

/** A decoded answer. */
export interface Reply {
  readonly status: number;
  readonly headers: Headers;
  readonly body: unknown;
}

/** How to send one request. `key` picks a default key, an explicit key, or none (`null`). */
interface RequestOptions {
  readonly body?: unknown;
  readonly rawBody?: string;
  readonly headers?: Record<string, string>;
  readonly key?: 'test' | 'live' | null | { readonly raw: string };
  /** Aborts the request (a client that gives up). */
  readonly signal?: AbortSignal;
}

/** The service under test and a way to call it through the chosen transport. */
export interface Harness {
  readonly service: MockService;
  readonly transport: Transport;
  request(method: string, path: string, options?: RequestOptions): Promise<Reply>;
}

const MSW_BASE = 'https://api.glm.test';
const START = '2025-03-01T12:00:00.000Z';

const decode = async (response: Response): Promise<Reply> => {
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // left as text: tests assert JSON where it matters
  }
  return { status: response.status, headers: response.headers, body };
};

/**
 * Registers vitest hooks that give every test a fresh service reached through `transport`, and
 * answers a getter for the current harness. Every exchange is also put to a validating proxy built
 * from the OpenAPI document (`openapi-proxy.ts`): a request the server accepted or an answer that the
 * document refuses throws. msw listens only while its transport's suite runs, with
 * `onUnhandledRequest: 'error'`.
 */
export function useHarness(transport: Transport, options: MockServiceOptions = {}): () => Harness {
  let current: Harness | undefined;
  let server: RunningServer | undefined;
  const msw = setupServer();
  if (transport === 'msw') {
    beforeAll(() => msw.listen({ onUnhandledRequest: 'error' }));
    afterAll(() => msw.close());
  }
  beforeEach(async () => {
    const serviceOptions: MockServiceOptions = { now: START, rateLimit: false, ...options };
    let base = MSW_BASE;
    let service: MockService;
    if (transport === 'msw') {
      service = createMockService({ baseUrl: 'http://127.0.0.1', ...serviceOptions });
      msw.use(...mockHandlers(service, { baseUrl: MSW_BASE }));
    } else {
      server = await startServer(serviceOptions);
      service = server.service;
      base = server.url;
    }
    const target = service;
    current = {
      service: target,
      transport,
      async request(method, path, { body, rawBody, headers = {}, key = 'test', signal } = {}) {
        const all: Record<string, string> = { ...headers };
        if (key !== null)
          all['authorization'] ??= `Bearer ${typeof key === 'string' ? target.keys[key] : key.raw}`;
        let payload: string | undefined = rawBody;
        if (payload === undefined && body !== undefined) {
          payload = JSON.stringify(body);
          all['content-type'] ??= 'application/json';
        }
        const init: RequestInit = { method, headers: all };
        if (payload !== undefined) init.body = payload;
        if (signal !== undefined) init.signal = signal;
        const reply = await decode(await fetch(`${base}${path}`, init));
        // A validating proxy built from the OpenAPI document must let through what the server accepts
        // and what it answers; an answer a fault made (marked by its header) is the fault's on purpose.
        if (reply.headers.get(FAULT_ANSWER_HEADER) !== null) return reply;
        const problems = proxyProblems({
          method,
          target: path,
          requestHeaders: all,
          requestBody: payload,
          status: reply.status,
          responseHeaders: reply.headers,
          responseBody: reply.body,
        });
        if (problems.length > 0) throw new Error(`The OpenAPI document disagrees:\n${problems.join('\n')}`);
        return reply;
      },
    };
  });
  afterEach(async () => {
    msw.resetHandlers();
    await server?.close();
    server = undefined;
  });
  return () => {
    if (current === undefined) throw new Error('useHarness: no test is running.');
    return current;
  };
}

/** The error object of an error body, for assertions. */
export function errorOf(reply: Reply): {
  code?: unknown;
  message?: unknown;
  param?: unknown;
  details?: unknown;
} {
  return (reply.body as { error?: { code?: unknown } }).error ?? {};
}
