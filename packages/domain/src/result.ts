/**
 * The outcome of a domain operation that can be refused: either the value, or a refusal with a
 * machine-readable code. Domain functions return these instead of throwing.
 */
export type Result<T, C extends string = string> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly code: C; readonly message: string; readonly param?: string };

/** Wraps a value as a successful {@link Result}. */
export function ok<T>(value: T): { readonly ok: true; readonly value: T } {
  return { ok: true, value };
}

/** Builds a refused {@link Result} with a code, a human message and, optionally, the offending parameter. */
export function err<C extends string>(
  code: C,
  message: string,
  param?: string,
): { readonly ok: false; readonly code: C; readonly message: string; readonly param?: string } {
  return param === undefined ? { ok: false, code, message } : { ok: false, code, message, param };
}
