import type { ErrorBody } from '@glm/domain';

const isString = (value: unknown): value is string => typeof value === 'string';
/** True for an object (not `null`), whose fields can be read. */
export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/** A field-level detail: `{field, message}`, both strings. */
const isDetail = (value: unknown): boolean =>
  isRecord(value) && isString(value['field']) && isString(value['message']);

/**
 * The `error` member of an error body, or `undefined` when the body is not one. It
 * accepts exactly what the domain's `ErrorBody` schema accepts (an open `code`, a `message`, an optional
 * `param` and `details`), checked by hand so the client's default bundle carries no schema library.
 */
export function readErrorBody(body: unknown): ErrorBody['error'] | undefined {
  const error = isRecord(body) ? body['error'] : undefined;
  if (!isRecord(error) || !isString(error['code']) || !isString(error['message'])) return undefined;
  const { param, details } = error;
  if (param !== undefined && !isString(param)) return undefined;
  if (details !== undefined && !(Array.isArray(details) && details.every(isDetail))) return undefined;
  return error as ErrorBody['error'];
}
