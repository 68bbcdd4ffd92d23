/**
 * The standalone adapter of the mock server: a plain `node:http` server around a {@link MockService}.
 *
 * @module @glm/mock-server/node
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import type { PipelineReply, PipelineRequest } from '../http/pipeline/pipeline-request.ts';
import type { RefusedTarget } from '../http/pipeline/reply.ts';
import type { ApiCore } from '../service/api-core.ts';
import { createMockService } from '../service/create-mock-service.ts';
import type { MockService } from '../service/mock-service.ts';
import type { MockServiceOptions } from '../service/mock-service-options.ts';
import { apiCoreOf } from '../service/private-handles.ts';
import { answerClientError } from './client-error.ts';
import { CutOff } from './cut-off.ts';
import { drainRequest, MAX_DRAIN_BYTES } from './drain-request.ts';
import { sendNetworkFault } from './network-fault.ts';
import { readNodeBody } from './read-node-body.ts';
import { type RequestBodyStream, requestBodyStream } from './request-body-stream.ts';
import { type RequestTarget, requestTarget } from './request-target.ts';
import { resolveServerTimeouts, type ServerTimeouts } from './server-timeouts.ts';
import {
  malformedTarget,
  rawHttpReply,
  refuseOf,
  representable,
  unservedMethod,
} from './transport-refusal.ts';

export type { ServerTimeouts } from './server-timeouts.ts';
export { DEFAULT_SERVER_TIMEOUTS } from './server-timeouts.ts';
export { type SpawnedServer, type SpawnServerOptions, spawnServer } from './spawn-server.ts';

/** How often the standalone server runs due jobs (webhook retries, expiries) on its own. */
const WEBHOOK_TICK_MS = 1000;

/** Options of {@link startServer}: where to listen, and either a service or the options to create one. */
export interface StartServerOptions extends MockServiceOptions {
  /** Port; 0 (default) picks a free one. */
  readonly port?: number;
  /** Host; default `127.0.0.1`. */
  readonly host?: string;
  /** An existing service to serve; otherwise one is created from the other options. */
  readonly service?: MockService;
  /**
   * How long to wait for clients (defaults: headers 10 s, whole request 30 s, idle keep-alive 5 s). A
   * client slower than the first two gets `408 request_timeout` and the connection is closed.
   */
  readonly timeouts?: ServerTimeouts;
}

/** A running standalone server. */
export interface RunningServer {
  /** Base URL, `http://<host>:<port>`. */
  readonly url: string;
  /** The service it answers with. */
  readonly service: MockService;
  /** Stops accepting connections, ends open ones and resolves when closed. */
  close(): Promise<void>;
}

function toRequest(incoming: IncomingMessage, origin: string, body: RequestBodyStream): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(incoming.headers)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  const method = incoming.method ?? 'GET';
  const hasBody = method !== 'GET' && method !== 'HEAD';
  const init: RequestInit & { duplex?: 'half' } = { method, headers };
  if (hasBody) {
    init.body = body.stream;
    init.duplex = 'half';
  }
  return new Request(new URL(incoming.url ?? '/', origin), init);
}

function send(response: Response, body: Buffer, outgoing: ServerResponse): void {
  outgoing.statusCode = response.status;
  response.headers.forEach((value, name) => {
    outgoing.setHeader(name, value);
  });
  outgoing.end(body);
}

const TRIM = /^[\t\n\r ]+|[\t\n\r ]+$/g;

/** Whether a character code is whitespace `Headers` trims from a value's ends (tab, LF, CR, space). */
const isOuterSpace = (code: number): boolean => code === 32 || code === 9 || code === 10 || code === 13;

/** A header as `Headers.get` reads it from the same message: repeated values joined, outer whitespace trimmed. */
function headerOf(incoming: IncomingMessage, name: string): string | null {
  const value = incoming.headers[name];
  if (value === undefined) return null;
  const joined = typeof value === 'string' ? value : value.join(', ');
  // node:http already trims single values; only a joined or odd value needs the regular expression.
  const last = joined.length - 1;
  return last >= 0 && (isOuterSpace(joined.charCodeAt(0)) || isOuterSpace(joined.charCodeAt(last)))
    ? joined.replace(TRIM, '')
    : joined;
}

/** Visits every header of the message as `Headers.forEach` of the `Headers` made of it would: repeated values joined. */
function eachHeaderOf(incoming: IncomingMessage, visit: (name: string, value: string) => void): void {
  const { headers } = incoming;
  for (const name in headers) {
    const value = headers[name];
    if (value !== undefined) visit(name, typeof value === 'string' ? value : value.join(', '));
  }
}

/**
 * The request as the service's API pipeline reads it, straight from the `IncomingMessage`: what
 * `toRequest` would give the pipeline, without building the `Request`.
 */
function toPipelineRequest(incoming: IncomingMessage, target: RequestTarget, cut: CutOff): PipelineRequest {
  const method = incoming.method ?? 'GET';
  const hasBody = method !== 'GET' && method !== 'HEAD';
  return {
    method,
    pathname: target.pathname,
    search: target.search,
    header: (name) => headerOf(incoming, name),
    eachHeader: (visit) => eachHeaderOf(incoming, visit),
    readBody: () => (hasBody ? readNodeBody(incoming, cut) : Promise.resolve(new Uint8Array(0))),
  };
}

/** Sends a pipeline reply as `send` sends the `Response` made of it (headers in `Headers` order). */
function sendReply(reply: PipelineReply, outgoing: ServerResponse): void {
  outgoing.statusCode = reply.status;
  for (const name of Object.keys(reply.headers).sort()) {
    const value = reply.headers[name];
    if (value !== undefined) outgoing.setHeader(name, value);
  }
  outgoing.end(reply.body);
}

/** Methods `new Request` takes as they are (no case normalization, not forbidden): the fast path's. */
const FAST_METHODS: ReadonlySet<string> = new Set([
  'GET',
  'HEAD',
  'POST',
  'PUT',
  'DELETE',
  'PATCH',
  'OPTIONS',
]);

/** The method, path and query of a request as sent, for the journal of a refusal. */
function refusedTarget(incoming: IncomingMessage): RefusedTarget {
  const target = incoming.url ?? '/';
  const at = target.indexOf('?');
  return {
    method: incoming.method ?? 'GET',
    path: at === -1 ? target : target.slice(0, at),
    query: at === -1 ? '' : target.slice(at + 1),
  };
}

/** What a server answers with: the service, its API pipeline when it has one, and its origin. */
interface Served {
  readonly service: MockService;
  readonly core: ApiCore | undefined;
  readonly origin: string;
}

/** One request on a connection: what came in, what goes out, and what cuts the request off in time. */
interface Exchange {
  readonly incoming: IncomingMessage;
  readonly outgoing: ServerResponse;
  readonly cut: CutOff;
}

/**
 * Answers one request: API paths of a service made by `createMockService` go through its pipeline
 * directly, and so does any request `new Request` cannot represent (`TRACE`, …), which the pipeline
 * answers `405` with `Allow` where a route or page lives, `404` elsewhere; everything else goes through
 * `service.handle`. A target that is no URL is `400` in the error body.
 */
async function answerIncoming(served: Served, exchange: Exchange): Promise<void> {
  const { service, core, origin } = served;
  const { incoming, outgoing, cut } = exchange;
  const method = incoming.method ?? 'GET';
  const reply = (answer: PipelineReply | Response) => drainThenSend(incoming, outgoing, answer, cut);
  const target = requestTarget(incoming.url ?? '/', origin);
  if (target === undefined) {
    await reply(refuseOf(service)(refusedTarget(incoming), malformedTarget()));
    return;
  }
  if (
    core !== undefined &&
    ((FAST_METHODS.has(method) && core.owns(target.pathname)) || !representable(method))
  ) {
    const answer = await core.pipeline(toPipelineRequest(incoming, target, cut));
    if (answer.network !== undefined) {
      await sendNetworkFault({ ...answer, network: answer.network }, incoming, outgoing);
      return;
    }
    // A request that arrived whole (every GET, most POSTs by now) has nothing to drain: send at once.
    if (incoming.complete) sendReply(answer, outgoing);
    else await reply(answer);
    return;
  }
  if (!representable(method)) {
    const why = 'the platform cannot represent it.';
    const refusal = refuseOf(service)(refusedTarget(incoming), unservedMethod(method, why));
    await reply(refusal);
    return;
  }
  const body = requestBodyStream(incoming);
  const response = await service.handle(toRequest(incoming, origin, body));
  body.detach();
  // A network fault answered through fetch types: the connection closes with no answer.
  if (response.type === 'error') {
    outgoing.destroy();
    return;
  }
  await reply(response);
}

/**
 * Sends an answer once the request body is read to its end: what the answer left unread is drained
 * first (up to {@link MAX_DRAIN_BYTES}), so a client still sending sees the answer instead of a reset.
 * When more was left, or the request ran out of time (`cutOff`), the answer closes the connection.
 */
async function drainThenSend(
  incoming: IncomingMessage,
  outgoing: ServerResponse,
  answer: PipelineReply | Response,
  cut: CutOff,
): Promise<void> {
  const bytes = answer instanceof Response ? Buffer.from(await answer.arrayBuffer()) : undefined;
  const ended =
    incoming.readableEnded || incoming.complete || (await drainRequest(incoming, MAX_DRAIN_BYTES, cut));
  if (!ended) outgoing.setHeader('connection', 'close');
  if (answer instanceof Response) send(answer, bytes ?? Buffer.alloc(0), outgoing);
  else sendReply(answer, outgoing);
}

/**
 * Answers `CONNECT` (which `node:http` hands over as a bare socket, and would otherwise close without a
 * word): `405` in the error body with `Allow`, journaled, then the connection is closed.
 */
function refuseConnect(service: MockService | undefined, incoming: IncomingMessage, socket: Duplex): void {
  const answer = unservedMethod('CONNECT', 'this server is not a proxy.');
  socket.on('error', () => undefined);
  socket.end(rawHttpReply(refuseOf(service)(refusedTarget(incoming), answer)));
}

/**
 * Starts the mock server over HTTP on plain `node:http` (no framework). Options the service refuses
 * (a malformed key, origin or seed product) reject the promise and leave nothing listening.
 *
 * @example
 * const server = await startServer({ port: 0 });
 * // server.url, server.service.keys.test …
 * await server.close();
 */
export async function startServer(options: StartServerOptions = {}): Promise<RunningServer> {
  const {
    port = 0,
    host = '127.0.0.1',
    service: given,
    timeouts: givenTimeouts,
    ...serviceOptions
  } = options;
  const timeouts = resolveServerTimeouts(givenTimeouts);
  let origin = `http://${host}`;
  let service = given;
  let core = given === undefined ? undefined : apiCoreOf(given);
  const serverOptions = {
    headersTimeout: timeouts.headersMs,
    requestTimeout: timeouts.requestMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    connectionsCheckingInterval: timeouts.checkEveryMs,
  };
  // Per connection, what cuts off the request it is reading when that runs out of time.
  const reading = new WeakMap<Socket, Exchange>();
  const server = createServer(serverOptions, (incoming, outgoing) => {
    const cut = new CutOff();
    const exchange: Exchange = { incoming, outgoing, cut };
    reading.set(incoming.socket, exchange);
    const answer = async (): Promise<void> => {
      try {
        if (service === undefined) throw new Error('not listening yet');
        await answerIncoming({ service, core, origin }, exchange);
      } catch {
        // Nothing above throws for a request it can read; if a transport error interrupted the answer,
        // refuse in the error body while that is still possible, else drop the connection.
        if (outgoing.headersSent) {
          outgoing.destroy();
          return;
        }
        outgoing.setHeader('connection', 'close');
        sendReply(refuseOf(service)(refusedTarget(incoming), malformedTarget()), outgoing);
      }
    };
    void answer();
  });
  server.on('connect', (incoming: IncomingMessage, socket: Duplex) =>
    refuseConnect(service, incoming, socket),
  );
  server.on(
    'clientError',
    answerClientError(
      () => refuseOf(service),
      (socket) => {
        const current = reading.get(socket);
        if (current === undefined || current.incoming.complete || current.outgoing.headersSent) {
          return false;
        }
        current.cut.abort();
        return true;
      },
    ),
  );
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  const hostPart = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  origin = `http://${hostPart}:${address.port}`;
  try {
    service ??= createMockService({ baseUrl: origin, ...serviceOptions });
  } catch (error) {
    // Options the service refuses (a malformed key, origin or seed) must not leave the port taken.
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    throw error;
  }
  const running = service;
  core = apiCoreOf(running);
  // Webhook retries (and whatever else falls due) happen in real time, not only on the next request.
  const timer = setInterval(() => {
    running.flushWebhooks().catch(() => undefined);
  }, WEBHOOK_TICK_MS);
  timer.unref();
  return {
    url: origin,
    service,
    close: () =>
      new Promise<void>((resolve, reject) => {
        clearInterval(timer);
        server.close((error) => (error === undefined ? resolve() : reject(error)));
        server.closeAllConnections();
      }),
  };
}
