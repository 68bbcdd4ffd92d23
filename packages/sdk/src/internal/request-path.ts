import { GlmError } from '../errors/glm-error.ts';

// A path as RFC 3986 writes one: `/` and segments of unreserved characters, sub-delimiters, `:`, `@` and
// percent-escapes. A query, a fragment, a space or a character that needs encoding is refused, not
// silently encoded or cut off.
const PATH = /^(?:\/(?:[A-Za-z0-9\-._~!$&'()*+,;=:@]|%[0-9A-Fa-f]{2})*)+$/;
// A segment that is `.` or `..`, written plainly or percent-encoded.
const DOT_SEGMENT = /^(?:\.|%2e){1,2}$/i;

/**
 * Checks the path of a call the caller wrote (`glm.request`): it must start with `/`, be percent-encoded,
 * carry no query or fragment, and have no `.` or `..` segment (which would address another route).
 * Returns it unchanged.
 */
export function checkRequestPath(path: string): string {
  if (typeof path !== 'string' || !PATH.test(path)) {
    throw new GlmError(
      'request: `path` must start with `/` and be percent-encoded, without a query or fragment (pass `query` for those), e.g. `/v2/orders/ord_123` with each id through encodeURIComponent.',
    );
  }
  if (path.split('/').some((segment) => DOT_SEGMENT.test(segment))) {
    throw new GlmError('request: `path` has a `.` or `..` segment, which would address another route.');
  }
  return path;
}
