import fc from 'fast-check';
import { startServer } from '../../src/adapters/node.ts';
import { openApiDocument } from '../../src/http/openapi-document.ts';
import type { MockService } from '../../src/index.ts';
import { createMockService } from '../../src/index.ts';
import { pageMethods } from '../../src/pages/pages.ts';
import { proxyProblems } from '../support/openapi-proxy.ts';
import { seededRandom } from '../support/seeded-random.ts';
import { storeSnapshot } from '../support/store-snapshot.ts';
import { buildWorld, pathFor, type World } from '../support/world.ts';
import { brokenInvariant } from './fuzz-invariants.ts';
import { type FuzzRequest, fuzzRequestArbitrary } from './fuzz-request.ts';
import { fillPlaceholders } from './good-bodies.ts';
import { inProcessHarness } from './in-process-harness.ts';

/** How a fuzz run goes. */
export interface FuzzOptions {
  /** The seed: the same seed sends the same requests to the same objects. */
  readonly seed: number;
  /** How many requests to send. */
  readonly requests: number;
  /** Requests per fresh service (each starts from a new world of objects). Default 250. */
  readonly perService?: number;
  /**
   * `handle` (default): each request goes to `service.handle` in-process. `http`: over 127.0.0.1 to the
   * standalone server of each service (`startServer`), through the node adapter's own paths.
   */
  readonly transport?: 'handle' | 'http';
  /** Called after each service's requests with the count so far. */
  readonly onProgress?: (sent: number) => void;
}

/** A request that broke an invariant, as sent. */
export interface FuzzViolation {
  /** What broke. */
  readonly problem: string;
  /** Which fresh service it went to (0 first) and its place among that service's requests. */
  readonly at: { readonly service: number; readonly request: number };
  /** The request. */
  readonly request: FuzzRequest;
  /** The path it was sent to. */
  readonly url: string;
  /** The answer's status. */
  readonly status: number;
  /** The start of the answer's body. */
  readonly excerpt: string;
}

/** What a fuzz run tried and found. */
export interface FuzzReport {
  /** Requests sent. */
  readonly sent: number;
  /** Requests the fetch `Request` could not even represent (skipped). */
  readonly unsendable: number;
  /** Answers by status. */
  readonly byStatus: Readonly<Record<string, number>>;
  /** Answers by operation aimed at, then by status. */
  readonly byOperation: Readonly<Record<string, Readonly<Record<string, number>>>>;
  /** How many requests had each hostile trait (an odd method, prefix or id, a key, a content type, a body). */
  readonly tried: Readonly<Record<string, number>>;
  /** Requests whose body carried a prototype key, and how many of them were refused. */
  readonly prototypeKeys: { readonly sent: number; readonly refused: number };
  /** The first violations (at most 20) and their total. */
  readonly violations: readonly FuzzViolation[];
  /** Total violations. */
  readonly violationCount: number;
  /** Services used. */
  readonly services: number;
}

const KEYS: Readonly<Record<string, (service: MockService) => string | undefined>> = {
  test: (service) => `Bearer ${service.keys.test}`,
  live: (service) => `Bearer ${service.keys.live}`,
  none: () => undefined,
  malformed: () => 'Bearer glm_test_x.y',
  'bearer-only': () => 'Bearer ',
  basic: (service) => `Basic ${service.keys.test}`,
};

function urlOf(request: FuzzRequest, world: World, origin: string): string {
  const routePath = request.template.replace(/\{([A-Za-z_]+)\}/g, ':$1');
  let path = routePath;
  try {
    path = pathFor(routePath, world, request.oddId);
  } catch {
    path = routePath.replace(/:[A-Za-z_]+/g, 'unknown');
  }
  const search = new URLSearchParams(request.query.map(([name, value]) => [name, value])).toString();
  return `${origin}${request.prefix}${path}${search === '' ? '' : `?${search}`}`;
}

function toRequest(fuzz: FuzzRequest, url: string, service: MockService, world: World): Request | undefined {
  const headers: Record<string, string> = {};
  const authorization = KEYS[fuzz.auth]?.(service);
  if (authorization !== undefined) headers['authorization'] = authorization;
  if (fuzz.contentType !== undefined) headers['content-type'] = fuzz.contentType;
  if (fuzz.idempotencyKey !== undefined) headers['idempotency-key'] = fuzz.idempotencyKey;
  const bodyless = ['GET', 'HEAD'].includes(fuzz.method.toUpperCase());
  try {
    return new Request(url, {
      method: fuzz.method,
      headers,
      ...(fuzz.body === undefined || bodyless ? {} : { body: fillPlaceholders(fuzz.body, world) }),
    });
  } catch {
    return undefined;
  }
}

const count = (table: Record<string, number>, key: string): void => {
  table[key] = (table[key] ?? 0) + 1;
};

/** The hostile traits of a request, for the report of what was tried. */
function traitsOf(fuzz: FuzzRequest): string[] {
  const traits: string[] = [];
  const [operationMethod = ''] = fuzz.operation.split(' ');
  if (fuzz.method !== operationMethod) traits.push(`method ${fuzz.method} instead of ${operationMethod}`);
  if (fuzz.prefix !== '/api/v2' && fuzz.prefix !== '/v2')
    traits.push(`prefix ${JSON.stringify(fuzz.prefix)}`);
  if (fuzz.oddId !== undefined && fuzz.template.includes('{')) traits.push('odd path id');
  if (fuzz.auth !== 'test') traits.push(`auth ${fuzz.auth}`);
  if (fuzz.contentType !== 'application/json') traits.push(`content-type ${fuzz.contentType ?? '(none)'}`);
  if (fuzz.idempotencyKey !== undefined) traits.push('Idempotency-Key');
  if (fuzz.query.some(([name]) => !/^[a-z_]+$/.test(name) || name === '__proto__' || name === 'x')) {
    traits.push('unknown or prototype query parameter');
  }
  if (fuzz.body !== undefined) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(fuzz.body);
    } catch {
      traits.push('body that is not JSON');
    }
    if (parsed !== undefined && (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))) {
      traits.push('JSON body that is not an object');
    }
    if (hasPrototypeKey(fuzz.body)) traits.push('prototype key in the body');
  }
  return traits;
}

const hasPrototypeKey = (text: string | undefined): boolean =>
  text !== undefined && /"(__proto__|constructor|prototype)"\s*:/.test(text);

/**
 * What a validating proxy built from the document says of the exchange: a fuzzed request the server
 * accepted must be one the document allows, and every answer one it describes.
 */
function documentDisagreement(
  request: Request,
  body: string | undefined,
  response: Response,
  text: string,
): string | undefined {
  const url = new URL(request.url);
  let decoded: unknown = text;
  try {
    decoded = JSON.parse(text);
  } catch {
    // left as text
  }
  const [problem] = proxyProblems({
    method: request.method,
    target: `${url.pathname}${url.search}`,
    requestHeaders: Object.fromEntries(request.headers),
    requestBody: body,
    status: response.status,
    responseHeaders: response.headers,
    responseBody: decoded,
  });
  return problem === undefined ? undefined : `the OpenAPI document disagrees: ${problem}`;
}

/**
 * Sends seeded fuzzed requests, generated from the server's own OpenAPI document, to fresh services
 * (a new world of objects every `perService` requests, rate limits on in every other one), and checks
 * every answer: no 5xx, an `x-request-id`, errors in the error body, a refusal changes nothing,
 * `Object.prototype` untouched, and a validating proxy built from the document lets it through. Webhook deliveries go to an in-process stub, never to the network.
 */
export async function runFuzz(options: FuzzOptions): Promise<FuzzReport> {
  const perService = options.perService ?? 250;
  const arbitrary = fuzzRequestArbitrary(openApiDocument());
  const byStatus: Record<string, number> = {};
  const tried: Record<string, number> = {};
  const byOperation: Record<string, Record<string, number>> = {};
  const violations: FuzzViolation[] = [];
  let violationCount = 0;
  let unsendable = 0;
  let sent = 0;
  let services = 0;
  const prototypeKeys = { sent: 0, refused: 0 };
  while (sent < options.requests) {
    const round = services++;
    const service = createMockService({
      now: '2025-03-01T12:00:00.000Z',
      random: seededRandom(options.seed * 7919 + round),
      ...(round % 2 === 0 ? { rateLimit: false } : {}),
      webhooks: { fetch: async () => new Response('ok') },
    });
    const world = await buildWorld(inProcessHarness(service));
    const server = options.transport === 'http' ? await startServer({ port: 0, service }) : undefined;
    const origin = server?.url ?? 'http://127.0.0.1';
    const send = (request: Request): Promise<Response> =>
      server === undefined ? service.handle(request) : fetch(request);
    const batch = fc.sample(arbitrary, {
      seed: options.seed + round,
      numRuns: Math.min(perService, options.requests - sent),
    });
    for (const [index, fuzz] of batch.entries()) {
      sent++;
      for (const trait of traitsOf(fuzz)) count(tried, trait);
      const url = urlOf(fuzz, world, origin);
      const request = toRequest(fuzz, url, service, world);
      if (request === undefined) {
        unsendable++;
        continue;
      }
      const before = storeSnapshot(service);
      const sentBody = request.body === null ? undefined : await request.clone().text();
      let response: Response;
      try {
        response = await send(request);
      } catch (error) {
        // Over HTTP the connection failed: the server closed or reset it without an answer.
        const cause =
          error instanceof Error
            ? String((error.cause as Error | undefined)?.message ?? error.message)
            : String(error);
        response = new Response(`transport error: ${cause}`, { status: 599 });
      }
      const text = await response.text();
      // A fault rule the fuzzer added (a valid POST /test_helpers/faults) would fail the requests after
      // it on purpose: the fuzzer checks the rule's creation, never lets one strike.
      service.faults.clear();
      count(byStatus, String(response.status));
      const operationStatuses = byOperation[fuzz.operation] ?? {};
      byOperation[fuzz.operation] = operationStatuses;
      count(operationStatuses, String(response.status));
      if (hasPrototypeKey(fuzz.body)) {
        prototypeKeys.sent++;
        if (response.status >= 400) prototypeKeys.refused++;
      }
      const problem =
        brokenInvariant({
          status: response.status,
          requestId: response.headers.get('x-request-id'),
          text,
          before,
          after: () => storeSnapshot(service),
          page: pageMethods(new URL(url).pathname) !== undefined || request.method === 'HEAD',
        }) ?? documentDisagreement(request, sentBody, response, text);
      if (problem === undefined) continue;
      violationCount++;
      if (violations.length < 20) {
        violations.push({
          problem,
          at: { service: round, request: index },
          request: fuzz,
          url,
          status: response.status,
          excerpt: text.slice(0, 300),
        });
      }
    }
    await server?.close();
    options.onProgress?.(sent);
  }
  return {
    sent,
    unsendable,
    byStatus,
    byOperation,
    tried,
    prototypeKeys,
    violations,
    violationCount,
    services,
  };
}
