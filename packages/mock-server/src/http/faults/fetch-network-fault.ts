import { FAULT_TIMEOUT_HOLD_MS, type FaultNetwork } from '@glm/domain/test-helpers';
import { slowBodyStream } from './slow-body.ts';

/** What a fetch-standard answer carries of a network fault: the headers and body it would have had. */
export interface NetworkFaultReply {
  /** Which network fault. */
  readonly network: FaultNetwork;
  /** The headers of the answer (a truncated answer sends them). */
  readonly headers: Readonly<Record<string, string>>;
  /** The whole body a truncated answer starts to send (and a slow one sends slowly). */
  readonly body: string;
  /** The answer's status (a slow body keeps it). */
  readonly status: number;
  /** The rate of a slow body, in bytes a second. */
  readonly rateBytesPerSecond?: number;
}

/** Resolves when `signal` aborts or after the longest hold, whichever comes first. */
function holdUntilAbort(signal: AbortSignal | undefined, maxMs = FAULT_TIMEOUT_HOLD_MS): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted === true) {
      resolve();
      return;
    }
    const done = (): void => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer: ReturnType<typeof setTimeout> = setTimeout(done, maxMs);
    signal?.addEventListener('abort', done, { once: true });
  });
}

/**
 * A network fault as fetch sees it: `reset` is `Response.error()` (fetch, and msw, reject as on a
 * network error); `timeout` is the same, once the request's signal aborts or a minute has passed;
 * `truncated` is a `200` whose body stream errors half-way through the JSON; `slow_body` is the answer
 * whose body stream yields at its rate.
 */
export async function networkFaultResponse(
  reply: NetworkFaultReply,
  signal: AbortSignal | undefined,
): Promise<Response> {
  if (reply.network === 'reset') return Response.error();
  if (reply.network === 'timeout') {
    await holdUntilAbort(signal);
    return Response.error();
  }
  const bytes = new TextEncoder().encode(reply.body);
  if (reply.network === 'slow_body') {
    return new Response(slowBodyStream(bytes, reply.rateBytesPerSecond ?? 1), {
      status: reply.status,
      headers: reply.headers,
    });
  }
  const half = bytes.slice(0, Math.floor(bytes.length / 2));
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(half);
    },
    pull(controller) {
      controller.error(
        new TypeError('The connection closed half-way through the body (a truncated answer).'),
      );
    },
  });
  return new Response(stream, { status: 200, headers: reply.headers });
}
