import { GlmError } from '../errors/glm-error.ts';

/**
 * Checks the path of a call the caller wrote (`glm.request`): it must start with `/`, be percent-encoded,
 * carry no query or fragment, and have no `.` or `..` segment (which would address another route).
 * That is a path the URL parser leaves as it is (it encodes spaces and other characters, resolves `.` and
 * `..` segments, plain or percent-encoded, and takes a query or fragment out of the path) whose every
 * `%` starts an escape. Returns it unchanged.
 */
export function checkRequestPath(path: string): string {
  if (
    typeof path !== 'string' ||
    path[0] !== '/' ||
    new URL(path, 'http://h').pathname !== path ||
    /%(?![\da-f]{2})/i.test(path)
  ) {
    throw new GlmError(
      'request: `path` must start with `/` and be percent-encoded, without a query, fragment, `.` or `..` segment.',
    );
  }
  return path;
}
