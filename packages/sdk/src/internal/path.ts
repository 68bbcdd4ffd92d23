import { GlmError } from '../errors/glm-error.ts';

/**
 * Builds a request path, percent-encoding every interpolated parameter. An empty parameter, `.` or
 * `..` would silently address another resource (`/orders/` lists, `/orders/..` climbs), so they are
 * refused before any request is made.
 *
 * @example
 * path`/v2/orders/${orderId}` // '/v2/orders/ord_123'
 */
export function path(strings: TemplateStringsArray, ...params: readonly (string | number)[]): string {
  let result = strings[0] ?? '';
  params.forEach((param, index) => {
    const text = String(param);
    if (text === '' || text === '.' || text === '..') {
      throw new GlmError(
        `Path parameter ${index + 1} of ${strings.join(':param')} is ${text === '' ? 'empty' : `"${text}"`}: pass an id.`,
      );
    }
    result += encodeURIComponent(text) + (strings[index + 1] ?? '');
  });
  return result;
}
