import type { Hooks } from '@glm/sdk';
import { context, type Span, SpanKind, SpanStatusCode, type Tracer, trace } from '@opentelemetry/api';

/** The spans of one call in flight: the call's, and its current attempt's until that attempt ends. */
interface CallSpans {
  readonly call: Span;
  attempt: Span | undefined;
}

/**
 * Hooks that trace every call of a client with OpenTelemetry: a client span per call
 * (`glm GET /v2/orders/{id}`), and a child span per attempt carrying the HTTP semantic conventions
 * (`http.request.method`, `url.path`, `http.request.resend_count`, `http.response.status_code`), the
 * request id and the idempotency key. A failed attempt's span ends with an error status; the call's span
 * ends with the call: at its 2xx answer, or at `onError` with the exception recorded.
 *
 * The hooks' contexts carry no key, header or body, so neither do the spans.
 */
export function tracingHooks(tracer: Tracer): Hooks {
  const inFlight = new Map<string, CallSpans>();

  const endAttempt = (spans: CallSpans, error: Error | undefined): void => {
    if (spans.attempt === undefined) return;
    if (error !== undefined) {
      spans.attempt.recordException(error);
      spans.attempt.setStatus({ code: SpanStatusCode.ERROR, message: error.message });
    }
    spans.attempt.end();
    spans.attempt = undefined;
  };

  return {
    beforeRequest: [
      ({ callId, method, path, attempt, idempotencyKey }) => {
        let spans = inFlight.get(callId);
        if (spans === undefined) {
          const call = tracer.startSpan(`glm ${method} ${path}`, {
            kind: SpanKind.CLIENT,
            attributes: { 'http.request.method': method, 'url.path': path },
          });
          if (idempotencyKey !== undefined) call.setAttribute('glm.idempotency_key', idempotencyKey);
          spans = { call, attempt: undefined };
          inFlight.set(callId, spans);
        }
        spans.attempt = tracer.startSpan(
          `${method} ${path}`,
          {
            kind: SpanKind.CLIENT,
            attributes: {
              'http.request.method': method,
              'url.path': path,
              'http.request.resend_count': attempt - 1,
            },
          },
          trace.setSpan(context.active(), spans.call),
        );
      },
    ],
    afterResponse: [
      ({ callId, status, requestId }) => {
        const spans = inFlight.get(callId);
        if (spans === undefined) return;
        spans.attempt?.setAttribute('http.response.status_code', status);
        if (requestId !== undefined) spans.attempt?.setAttribute('glm.request_id', requestId);
        if (status >= 400) spans.attempt?.setStatus({ code: SpanStatusCode.ERROR });
        endAttempt(spans, undefined);
        if (status < 300) {
          spans.call.setAttribute('http.response.status_code', status);
          if (requestId !== undefined) spans.call.setAttribute('glm.request_id', requestId);
          spans.call.end();
          inFlight.delete(callId);
        }
      },
    ],
    beforeRetry: [
      ({ callId, error }) => {
        const spans = inFlight.get(callId);
        // An attempt without an answer (a timeout, a lost connection) ends here.
        if (spans !== undefined) endAttempt(spans, error);
      },
    ],
    onError: [
      ({ callId, method, path, error, status, attempt }) => {
        const spans = inFlight.get(callId) ?? {
          // A 2xx answer that broke the contract fails after its span ended: record it on a span of its own.
          call: tracer.startSpan(`glm ${method} ${path}`, { kind: SpanKind.CLIENT }),
          attempt: undefined,
        };
        endAttempt(spans, error);
        if (status !== undefined) spans.call.setAttribute('http.response.status_code', status);
        spans.call.setAttribute('glm.attempts', attempt);
        spans.call.recordException(error);
        spans.call.setStatus({ code: SpanStatusCode.ERROR, message: error.message });
        spans.call.end();
        inFlight.delete(callId);
      },
    ],
  };
}
