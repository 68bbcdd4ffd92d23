import type { Answer } from '../answer.ts';
import { refusalAnswer } from '../answer.ts';
import { strikeFault } from '../faults/fault-strike.ts';
import { answeredEntry } from '../journal/journal-entry.ts';
import { createJsonTextCache } from '../json-text-cache.ts';
import { MOCK_WARNING_HEADER } from '../mock-warning.ts';
import { authenticate } from './authenticate.ts';
import { readRequestBody } from './body.ts';
import { headerFault, readForJournal, takeFault } from './fault.ts';
import { dressForFuture, takeFuture } from './future.ts';
import { handleIdempotently } from './idempotency.ts';
import { matchRoute } from './match-route.ts';
import type { PipelineParts } from './pipeline-parts.ts';
import type { PipelineCore } from './pipeline-request.ts';
import { checkRateLimit } from './rate-limit.ts';
import { toReply } from './reply.ts';
import { type Admitted, RequestContext } from './request-context.ts';

/**
 * Builds the request pipeline: route (404/405), authenticate (401), test-helper guard (403), rate
 * limit (429), lazy due jobs, body (413/415/400), idempotency, handler, then headers (`x-request-id`,
 * rate-limit) and the checkout envelope. Never throws; a thrown handler error becomes
 * `500 internal_error`, which is always a bug. `fetchEntry` wraps it in fetch types.
 */
export function createPipelineCore(parts: PipelineParts): PipelineCore {
  const { engine, journal } = parts;
  // Only reads answer stored objects as they are; other answers are new objects every time.
  const readTexts = createJsonTextCache();
  // Requests come many to a millisecond: the journal's time is formatted once per millisecond.
  let lastMs = Number.NaN;
  let lastIso = '';
  const isoTime = (ms: number): string => {
    if (ms !== lastMs) {
      lastIso = new Date(ms).toISOString();
      lastMs = ms;
    }
    return lastIso;
  };
  return async (request) => {
    const started = performance.now();
    const context = new RequestContext(parts, request, engine.requestId());
    let answer: Answer;
    try {
      answer = await answerRequest(context);
    } catch {
      answer = refusalAnswer('internal_error', 'The mock server failed unexpectedly; this is a bug.');
    }
    answer = dressForFuture(context, answer);
    const { route, requestId } = context;
    const reply = toReply(answer, {
      requestId,
      headers: context.headers,
      envelope: route?.envelope,
      texts:
        route?.method === 'GET' && answer.status === 200 && answer.network === undefined
          ? readTexts
          : undefined,
    });
    const lost = reply.network === 'reset' || reply.network === 'timeout';
    const status = lost ? 0 : reply.status;
    parts.controls.coverage.counters.recordRequest({
      route,
      status,
      answer,
      fault: context.fault,
      body: context.body,
      retryCount: request.header('x-glm-retry-count'),
    });
    if (!journal.active) return reply;
    journal.keep(
      answeredEntry({
        id: requestId,
        method: request.method,
        path: request.pathname,
        query: request.search.slice(1),
        status,
        request_id: answer.requestId ?? requestId,
        operation: route?.operationId ?? null,
        eachHeader: (visit) => request.eachHeader(visit),
        body: context.body,
        bodyText: context.bodyText,
        replayed: answer.headers?.['idempotent-replayed'] === 'true',
        fault: context.fault,
        warning: answer.headers?.[MOCK_WARNING_HEADER] ?? null,
        responseText: lost ? '' : reply.body,
        durationMs: Math.round((performance.now() - started) * 1000) / 1000,
        createdAt: isoTime(engine.clockMs()),
      }),
    );
    return reply;
  };
}

/** Whether a step answered (refused) rather than handing the request on. */
const isAnswer = (value: object): value is Answer => 'status' in value;

/** The steps in order, each answering the request or handing it to the next. */
async function answerRequest(context: RequestContext): Promise<Answer> {
  const { parts, request } = context;
  const matched = matchRoute(context);
  if (isAnswer(matched)) return matched;
  const { route, params } = matched;
  if (route.public === true) {
    return route.handle({
      params,
      query: new URLSearchParams(request.search),
      body: undefined,
      mode: 'test',
      engine: parts.engine,
      controls: parts.controls,
    });
  }
  const checked = authenticate(context, matched);
  const admitted = checked instanceof Promise ? await checked : checked;
  if (isAnswer(admitted)) return admitted;
  const futureRefused = takeFuture(context, admitted);
  if (futureRefused !== undefined) return { ...futureRefused, beforeOperation: true };
  const asked = headerFault(context, admitted);
  if (asked !== undefined && !('plan' in asked)) return { ...asked, beforeOperation: true };
  const limited = checkRateLimit(context, admitted);
  if (limited !== undefined) return limited;
  parts.engine.runDue();
  const fault = takeFault(context, admitted, asked);
  const run = (): Promise<Answer> => runOperation(context, admitted);
  return fault === undefined ? run() : strikeFault(fault, run, () => readForJournal(context));
}

/** Reads the body, then runs the endpoint, through the idempotency store when the request has a key. */
async function runOperation(context: RequestContext, admitted: Admitted): Promise<Answer> {
  const { engine, controls, idempotency } = context.parts;
  // Expired idempotency keys leave memory as the clock moves, whether or not this request has a key.
  idempotency.sweep(engine.clockMs());
  const reading = readRequestBody(context, admitted);
  const refused = reading === undefined ? undefined : await reading;
  if (refused !== undefined) return refused;
  return handleIdempotently(context, admitted, {
    params: admitted.params,
    query: new URLSearchParams(context.request.search),
    body: context.body,
    mode: admitted.mode,
    engine,
    controls,
  });
}
