import type { Answer } from '../answer.ts';
import type { BareRequest } from '../journal/journal-entry.ts';
import type { JsonTextCache } from '../json-text-cache.ts';
import type { PipelineReply } from './pipeline-request.ts';

/** How an answer becomes a reply: its request id, the headers the steps added, its envelope, a text cache. */
export interface ReplyShape {
  /** The request's own `x-request-id` (a replay answers the original's instead). */
  readonly requestId: string;
  /** Headers the pipeline's steps added (`allow`, rate-limit). */
  readonly headers: Readonly<Record<string, string>>;
  /** The checkout envelope's success message, when the route answers in one. */
  readonly envelope?: string | undefined;
  /** Where the JSON text of a stored object is kept between reads, when the answer may come from it. */
  readonly texts?: JsonTextCache | undefined;
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

/** The reply of an answer: JSON text (in the checkout envelope when the route has one) and every header. */
export function toReply(answer: Answer, shape: ReplyShape): PipelineReply {
  const { envelope, texts } = shape;
  // A replay answers with the original's id, in the header and in the envelope's metadata alike.
  const requestId = answer.requestId ?? shape.requestId;
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
      ...shape.headers,
      ...answer.headers,
      'x-request-id': requestId,
    }),
    body: envelope === undefined && texts !== undefined ? texts.text(body) : JSON.stringify(body),
    ...(answer.network === undefined ? {} : { network: answer.network }),
    ...(answer.rateBytesPerSecond === undefined ? {} : { rateBytesPerSecond: answer.rateBytesPerSecond }),
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
    return toReply(answer, { requestId, headers: {} });
  };
}
