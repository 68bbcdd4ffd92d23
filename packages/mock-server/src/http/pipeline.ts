import type { Mode } from '@glm/domain';
import { FAULT_HEADER, type FaultNetwork, parseFaultHeader, planFault } from '@glm/domain/test-helpers';
import type { Engine } from '../core/engine.ts';
import type { Answer } from './answer.ts';
import { refusal } from './answer.ts';
import type { FaultRules } from './faults/fault-rules.ts';
import { type CaughtFault, strikeFault } from './faults/fault-strike.ts';
import { networkFaultResponse } from './faults/fetch-network-fault.ts';
import { futureAnswer, type RequestFuture } from './future/future-answer-step.ts';
import type { IdempotencyStore } from './idempotency/idempotency-store.ts';
import type { InstanceControls } from './instance-controls.ts';
import { answeredEntry, type BareRequest } from './journal/journal-entry.ts';
import type { RequestJournal } from './journal/request-journal.ts';
import { createJsonTextCache, type JsonTextCache } from './json-text-cache.ts';
import { stripPrefix } from './path-prefixes.ts';
import type { ResolvedRateLimits } from './rate-limit/rate-limit-options.ts';
import type { SlidingWindowLimiter } from './rate-limit/sliding-window.ts';
import { parseJsonBody, readLimited } from './read-body.ts';
import type { RouteDefinition } from './route.ts';
import type { Router } from './router.ts';

/** What the request pipeline works with. */
export interface PipelineParts {
  /** The engine (state, clock, ids, events). */
  readonly engine: Engine;
  /** The route table. */
  readonly router: Router<RouteDefinition>;
  /** Rate-limit counters. */
  readonly limiter: SlidingWindowLimiter;
  /** Rate-limit rules, or `undefined` when off. */
  readonly rateLimits: () => ResolvedRateLimits | undefined;
  /** Idempotency keys. */
  readonly idempotency: IdempotencyStore;
  /** The request journal. */
  readonly journal: RequestJournal;
  /** The fault rules requests are matched against. */
  readonly faults: FaultRules;
  /** The instance's fault rules, journal, reset and snapshots, for the test helpers that act on them. */
  readonly controls: InstanceControls;
  /**
   * The methods a path outside the API (a hosted page, an asset) answers, `undefined` when nothing
   * lives there: a request that reaches the pipeline with another method there is `405`, not `404`.
   */
  readonly pageMethods?: (pathname: string) => readonly string[] | undefined;
}

const UNAUTHORIZED = (): Answer => refusal('unauthorized', 'Invalid or missing API key.');

/** A body that stopped arriving: the client went away, or was slower than the server's request timeout. */
const BODY_CUT_OFF = (): Answer =>
  refusal('request_timeout', 'The request body did not arrive whole in time; send it again.');

/**
 * A request as the pipeline reads it. {@link fetchEntry} makes one from a fetch `Request`; the node
 * adapter makes one straight from `node:http`'s `IncomingMessage`, so the API does not pay for a
 * `Request` (headers, signal, body stream) on every call.
 */
export interface PipelineRequest {
  /** The HTTP method. */
  readonly method: string;
  /** The request URL's path, as `URL.pathname` reads it (normalized, percent-encoded). */
  readonly pathname: string;
  /** The request URL's query with its `?`, as `URL.search` reads it (empty when none). */
  readonly search: string;
  /** A header's value by lower-case name, `null` when absent (as `Headers.get` answers). */
  header(name: string): string | null;
  /** Calls `visit` with every header, names in lower case, repeated values joined (as `Headers.forEach` does). */
  eachHeader(visit: (name: string, value: string) => void): void;
  /**
   * The body up to `MAX_BODY_BYTES` (empty when none); `undefined` when it is larger. Rejects when the
   * body stops arriving (the client went away or ran out of time), which is answered `408`.
   */
  readBody(): Promise<Uint8Array | undefined>;
}

/** What the pipeline answers before any transport sends it: status, headers by lower-case name, JSON text. */
export interface PipelineReply {
  /** HTTP status. */
  readonly status: number;
  /** Response headers, names in lower case. */
  readonly headers: Readonly<Record<string, string>>;
  /** The JSON body text. */
  readonly body: string;
  /** What the transport does instead of sending the reply whole (a network fault). */
  readonly network?: FaultNetwork;
}

/** The pipeline over {@link PipelineRequest}s: what {@link fetchEntry} wraps in fetch types. */
export type PipelineCore = (request: PipelineRequest) => Promise<PipelineReply>;

/** Wraps a {@link PipelineCore} as a fetch-standard handler; network faults become what fetch sees of them. */
export function fetchEntry(core: PipelineCore): (request: Request) => Promise<Response> {
  return async (request) => {
    const url = new URL(request.url);
    const reply = await core({
      method: request.method,
      pathname: url.pathname,
      search: url.search,
      header: (name) => request.headers.get(name),
      eachHeader: (visit) => {
        request.headers.forEach((value, name) => {
          visit(name, value);
        });
      },
      readBody: () => readLimited(request),
    });
    if (reply.network !== undefined) {
      return networkFaultResponse({ ...reply, network: reply.network }, request.signal);
    }
    return new Response(reply.body, { status: reply.status, headers: reply.headers });
  };
}

/**
 * Builds the request pipeline: route (404/405), authenticate (401), test-helper guard (403), rate
 * limit (429), lazy due jobs, body (413/415/400), idempotency, handler, then headers (`x-request-id`,
 * rate-limit) and the checkout envelope. Never throws; a thrown handler error becomes
 * `500 internal_error`, which is always a bug. {@link fetchEntry} wraps it in fetch types.
 */
export function createPipelineCore(parts: PipelineParts): PipelineCore {
  const { engine, journal } = parts;
  // Only reads answer stored objects as they are; other answers are new objects every time.
  const readTexts = createJsonTextCache();
  // Requests come many to a millisecond: the journal's time is formatted once per millisecond.
  let lastMs = Number.NaN;
  let lastIso = '';
  const isoTime = (now: Date): string => {
    const ms = now.getTime();
    if (ms !== lastMs) {
      lastIso = now.toISOString();
      lastMs = ms;
    }
    return lastIso;
  };
  return async (request) => {
    const started = performance.now();
    const requestId = engine.requestId();
    const extraHeaders: Record<string, string> = {};
    const facts: RequestFacts = { route: undefined, fault: null, body: undefined, bodyText: '' };
    let answer: Answer;
    try {
      answer = await answerRequest(parts, request, requestId, extraHeaders, facts);
    } catch {
      answer = refusal('internal_error', 'The mock server failed unexpectedly; this is a bug.');
    }
    const { route } = facts;
    if (route !== undefined && facts.future !== undefined) {
      answer = futureAnswer(answer, { ...facts.future, method: route.method }, parts.controls.future);
    }
    const reply = toReply(
      answer,
      requestId,
      extraHeaders,
      route?.envelope,
      route?.method === 'GET' && answer.status === 200 && answer.network === undefined
        ? readTexts
        : undefined,
    );
    const status = reply.network === 'reset' || reply.network === 'timeout' ? 0 : reply.status;
    const retryCount = request.header('x-glm-retry-count');
    parts.controls.coverage.counters.recordRequest({ ...facts, status, answer, retryCount });
    if (!journal.active) return reply;
    journal.record(
      answeredEntry({
        id: requestId,
        method: request.method,
        path: request.pathname,
        query: request.search.slice(1),
        status,
        request_id: answer.requestId ?? requestId,
        operation: route?.operationId ?? null,
        eachHeader: (visit) => request.eachHeader(visit),
        body: facts.body,
        bodyText: facts.bodyText,
        replayed: answer.headers?.['idempotent-replayed'] === 'true',
        fault: facts.fault,
        responseText: reply.network === 'reset' || reply.network === 'timeout' ? '' : reply.body,
        durationMs: Math.round((performance.now() - started) * 1000) / 1000,
        createdAt: isoTime(engine.clockNow()),
      }),
    );
    return reply;
  };
}

/** Where a refused request was sent: its method, and its target's path and query (without `?`). */
export interface RefusedTarget {
  /** The HTTP method as sent. */
  readonly method: string;
  /** The request target's path (as sent when it is not a path, such as a `CONNECT` authority). */
  readonly path: string;
  /** The query string without `?` (empty when none). */
  readonly query: string;
}

/**
 * Answers a request the transport cannot hand to the pipeline (a method or target the platform cannot
 * represent) with `answer` in the error body, its own `x-request-id`, journaled like any other.
 */
export type Refuse = (target: RefusedTarget, answer: Answer) => PipelineReply;

/** Where a {@link Refuse} takes request ids and journals what it answered. */
export interface RefuseParts {
  /** A new request id (`req_…`). */
  readonly requestId: () => string;
  /** Records the answered request (the service's journal). */
  readonly record: (request: BareRequest) => void;
}

/** Builds a {@link Refuse}: the pipeline's reply shape, a new request id, one journal entry. */
export function createRefuse(parts: RefuseParts): Refuse {
  return (target, answer) => {
    const requestId = parts.requestId();
    parts.record({
      method: target.method,
      path: target.path,
      query: target.query,
      status: answer.status,
      request_id: requestId,
    });
    return toReply(answer, requestId, {}, undefined);
  };
}

/** What the pipeline learns of a request while answering it, for the journal. */
interface RequestFacts {
  /** The endpoint that answered, if one did. */
  route: RouteDefinition | undefined;
  /** The fault that struck: a rule's id, `header`, or `null`. */
  fault: string | null;
  /** The parsed JSON body, once read. */
  body: unknown;
  /** The body's text, once read. */
  bodyText: string;
  /** The future mode the request gets (API requests of a known key only). */
  future?: Omit<RequestFuture, 'method'>;
}

/**
 * The fault a request asks for with the `Glm-Mock-Fault` header: `undefined` without the header, the
 * refusal of a live key (`403`) or of a malformed header (`400` naming it), or the fault to strike.
 */
function headerFault(request: PipelineRequest, mode: Mode): Answer | CaughtFault | undefined {
  const text = request.header('glm-mock-fault');
  if (text === null) return undefined;
  if (mode !== 'test') {
    return refusal('forbidden', `The ${FAULT_HEADER} header is answered only for test keys.`, {
      param: FAULT_HEADER,
    });
  }
  const parsed = parseFaultHeader(text);
  if (!parsed.ok) return refusal('invalid_request', parsed.message, { param: FAULT_HEADER });
  return { id: 'header', plan: planFault(parsed.value) };
}

async function answerRequest(
  parts: PipelineParts,
  request: PipelineRequest,
  requestId: string,
  headers: Record<string, string>,
  facts: RequestFacts,
): Promise<Answer> {
  const { engine, router } = parts;
  const { pathname } = request;
  const versioned = stripPrefix(pathname);
  const path = versioned ?? pathname;
  const match = router.match(request.method, path);
  // Outside the version prefixes only public routes answer (`GET /openapi.json`).
  const outside = versioned === undefined && (match.kind !== 'found' || match.route.public !== true);
  // A path whose escapes the API cannot read is no path of the API.
  if (match.kind === 'not_found' || match.kind === 'malformed' || outside) {
    const pageAllows = versioned === undefined ? parts.pageMethods?.(pathname) : undefined;
    if (pageAllows !== undefined && !pageAllows.includes(request.method)) {
      headers['allow'] = pageAllows.join(', ');
      return refusal('method_not_allowed', `${request.method} is not allowed on ${pathname}.`);
    }
    return refusal('not_found', `No route for ${pathname}.`);
  }
  if (match.kind === 'method_not_allowed') {
    headers['allow'] = match.allowed.join(', ');
    return refusal('method_not_allowed', `${request.method} is not allowed on ${pathname}.`);
  }
  const { route, params } = match;
  facts.route = route;
  const { controls } = parts;
  if (route.public === true) {
    return route.handle({
      params,
      query: new URLSearchParams(request.search),
      body: undefined,
      mode: 'test',
      engine,
      controls,
    });
  }
  const principal = await engine.keys.authenticate(request.header('authorization'));
  if (principal === undefined) return UNAUTHORIZED();
  if (route.testOnly === true && principal.mode !== 'test') {
    return refusal('forbidden', 'Test helpers answer only test keys.');
  }
  if (route.testOnly !== true) {
    const future = controls.future.forRequest(request.header('glm-mock-future'), principal.mode);
    if ('status' in future) return { ...future, beforeOperation: true };
    facts.future = { future, emittedBefore: controls.future.emitted() };
  }
  // Test helpers are never faulted, so a suite can always remove what it set.
  const asked = route.testOnly === true ? undefined : headerFault(request, principal.mode);
  if (asked !== undefined && !('plan' in asked)) return { ...asked, beforeOperation: true };
  const limited = checkRateLimit(parts, route, principal.mode, principal.keyId, headers);
  if (limited !== undefined) return limited;
  engine.runDue();
  // Rules catch test-mode API requests only; the header, when given, is the request's fault instead.
  const fault =
    asked ??
    (route.testOnly === true || principal.mode !== 'test'
      ? undefined
      : parts.faults.take({ method: route.method, path, operation: route.operationId }));
  if (fault !== undefined) facts.fault = fault.id;
  const run = (): Promise<Answer> =>
    runOperation(parts, request, route, params, principal.mode, requestId, path, facts);
  return fault === undefined ? run() : strikeFault(fault, run, () => readForJournal(request, facts));
}

/** Reads a faulted request's body for the journal only: what cannot be read is left out. */
async function readForJournal(request: PipelineRequest, facts: RequestFacts): Promise<void> {
  if (request.method !== 'POST' && request.method !== 'PUT') return;
  try {
    const bytes = await request.readBody();
    const read = parseJsonBody(bytes, request.header('content-type'), 'invalid_request');
    if (read.ok) {
      facts.body = read.value;
      facts.bodyText = read.text;
    }
  } catch {
    // The body never arrived whole: the journal keeps the request without it.
  }
}

/** Reads the body, then runs the endpoint, through the idempotency store when the request has a key. */
async function runOperation(
  parts: PipelineParts,
  request: PipelineRequest,
  route: RouteDefinition,
  params: Readonly<Record<string, string>>,
  mode: Mode,
  requestId: string,
  path: string,
  facts: RequestFacts,
): Promise<Answer> {
  const { engine, controls } = parts;
  // Expired idempotency keys leave memory as the clock moves, whether or not this request has a key.
  parts.idempotency.sweep(engine.clockNow().getTime());
  let body: unknown;
  let bodyText = '';
  if (route.method === 'POST' || route.method === 'PUT') {
    let bytes: Uint8Array | undefined;
    try {
      bytes = await request.readBody();
    } catch {
      return { ...BODY_CUT_OFF(), beforeOperation: true };
    }
    const read = parseJsonBody(
      bytes,
      request.header('content-type'),
      route.malformedCode ?? 'invalid_request',
    );
    if (!read.ok) return read.answer;
    body = read.value;
    bodyText = read.text;
    facts.body = body;
    facts.bodyText = bodyText;
  }
  const query = new URLSearchParams(request.search);
  const context = { params, query, body, mode, engine, controls };
  const key = request.header('idempotency-key');
  if (route.method !== 'POST' || key === null) return route.handle(context);
  const decision = parts.idempotency.begin({
    scope: mode,
    key,
    operation: `POST ${path}`,
    body,
    text: bodyText,
    now: engine.clockNow().getTime(),
  });
  if (decision.kind === 'answer') return decision.answer;
  try {
    const answer = await route.handle(context);
    decision.complete(answer, requestId);
    return answer;
  } catch (error) {
    decision.abandon();
    throw error;
  }
}

function checkRateLimit(
  parts: PipelineParts,
  route: RouteDefinition,
  mode: Mode,
  keyId: string,
  headers: Record<string, string>,
): Answer | undefined {
  const rules = parts.rateLimits();
  if (rules === undefined) return undefined;
  const eligibility = route.rateLimit === 'eligibility';
  const rule = eligibility ? rules.eligibility[mode] : rules.default;
  const verdict = parts.limiter.hit(
    eligibility ? `eligibility:${mode}` : `key:${keyId}`,
    rule,
    parts.engine.clockNow().getTime(),
  );
  headers['x-ratelimit-limit'] = String(verdict.limit);
  headers['x-ratelimit-remaining'] = String(verdict.remaining);
  headers['x-ratelimit-reset'] = String(verdict.resetAt);
  if (verdict.allowed) return undefined;
  headers['retry-after'] = String(verdict.retryAfter);
  return refusal('rate_limit_exceeded', 'Too many requests; retry after the time in Retry-After.');
}

/**
 * Response headers as `new Headers(record)` would hold them: names in lower case, a name given twice in
 * different case joined with `, `.
 */
function replyHeaders(record: Readonly<Record<string, string>>): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(record)) {
    const lower = name.toLowerCase();
    const existing = headers[lower];
    headers[lower] = existing === undefined ? value : `${existing}, ${value}`;
  }
  return headers;
}

function toReply(
  answer: Answer,
  ownRequestId: string,
  headers: Record<string, string>,
  envelope: string | undefined,
  texts?: JsonTextCache,
): PipelineReply {
  // A replay answers with the original's id, in the header and in the envelope's metadata alike.
  const requestId = answer.requestId ?? ownRequestId;
  let body = answer.body;
  if (envelope !== undefined) {
    body =
      answer.status < 400
        ? { success: true, message: envelope, data: answer.body, metadata: { request_id: requestId } }
        : { success: false, ...(answer.body as object), metadata: { request_id: requestId } };
  }
  return {
    status: answer.status,
    headers: replyHeaders({
      'content-type': 'application/json',
      ...headers,
      ...answer.headers,
      'x-request-id': requestId,
    }),
    body: envelope === undefined && texts !== undefined ? texts.text(body) : JSON.stringify(body),
    ...(answer.network === undefined ? {} : { network: answer.network }),
  };
}
