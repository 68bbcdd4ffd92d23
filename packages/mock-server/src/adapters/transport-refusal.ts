import { randomBase62 } from '@glm/domain';
import { cryptoRandom } from '../core/random-source.ts';
import { refusalAnswer } from '../http/answer.ts';
import type { PipelineReply } from '../http/pipeline/pipeline-request.ts';
import { createRefuse, type Refuse } from '../http/pipeline/reply.ts';
import type { MockService } from '../service/mock-service.ts';
import { apiCoreOf } from '../service/private-handles.ts';

/**
 * The methods some route of the server answers: the `Allow` of a refusal that names no resource (a
 * `CONNECT` authority, a method the HTTP parser does not know).
 */
const SERVED_METHODS: readonly string[] = ['GET', 'HEAD', 'POST', 'PUT', 'DELETE'];

const representableCache = new Map<string, boolean>();

/**
 * Whether `new Request` takes this method (the Fetch standard forbids `CONNECT`, `TRACE` and `TRACK`).
 * Memoized: the HTTP parser hands over only the few dozen methods it knows.
 */
export function representable(method: string): boolean {
  let known = representableCache.get(method);
  if (known === undefined) {
    try {
      new Request('http://127.0.0.1/', { method });
      known = true;
    } catch {
      known = false;
    }
    representableCache.set(method, known);
  }
  return known;
}

/**
 * The {@link Refuse} of a service: its own (same request ids, same journal) when `createMockService`
 * made it; otherwise one with fresh request ids and no journal.
 */
export function refuseOf(service: MockService | undefined): Refuse {
  const own = service === undefined ? undefined : apiCoreOf(service)?.refuse;
  return (
    own ??
    createRefuse({
      requestId: () => `req_${randomBase62(24, cryptoRandom)}`,
      record: () => undefined,
    })
  );
}

/** `400 invalid_request`: a request target that is no URL path, or carries user credentials. */
export const malformedTarget = () =>
  refusalAnswer('invalid_request', 'Malformed HTTP request target: send a path such as /api/v2/products.');

/** `405 method_not_allowed` for a method no route answers, with `Allow` listing those that some do. */
export const unservedMethod = (method: string, why: string) =>
  refusalAnswer('method_not_allowed', `${method} is not allowed: ${why}`, {
    headers: { allow: SERVED_METHODS.join(', ') },
  });

const REASONS: Readonly<Record<number, string>> = {
  400: 'Bad Request',
  405: 'Method Not Allowed',
  408: 'Request Timeout',
  413: 'Content Too Large',
  431: 'Request Header Fields Too Large',
};

/**
 * A reply as raw HTTP/1.1 bytes that close the connection: for answers written to a socket that
 * `node:http` no longer (or never) manages as a request, such as a parse error or `CONNECT`.
 */
export function rawHttpReply(reply: PipelineReply): string {
  const body = Buffer.from(reply.body, 'utf8');
  const lines = [`HTTP/1.1 ${reply.status} ${REASONS[reply.status] ?? 'Error'}`];
  for (const name of Object.keys(reply.headers).sort()) lines.push(`${name}: ${reply.headers[name]}`);
  lines.push(`content-length: ${body.byteLength}`, 'connection: close', '', '');
  return `${lines.join('\r\n')}${reply.body}`;
}
