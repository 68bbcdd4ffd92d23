import { parseRequest, type RequestOperation } from '@glm/domain';
import type { z } from 'zod';
import type { Answer } from './answer.ts';

/**
 * The codes of parsing that refuse a request's shape (malformed, mistyped, missing or unknown fields):
 * `bad_request` is checkout creation's name for `invalid_request`.
 */
const SHAPE_CODES: ReadonlySet<string> = new Set(['invalid_request', 'bad_request', 'validation_error']);

/** A parsed request part, or the error answer that refuses it. */
export type Parsed<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly answer: Answer };

/**
 * Parses a JSON body with a domain schema; a refusal is answered with the status and error body the
 * domain's error mapping chooses for `operation` (400/422 split, `invalid_price`, `invalid_currency`, …).
 * A refusal of the shape (`invalid_request`, `bad_request`, `validation_error`) is marked as given before the operation
 * ran, so the idempotency store does not keep it; a value rule's code (`invalid_price`, …) is kept.
 */
export function parseBody<S extends z.ZodType>(
  schema: S,
  body: unknown,
  operation: RequestOperation,
): Parsed<z.output<S>> {
  const parsed = parseRequest(schema, body, operation);
  if (parsed.ok) return parsed;
  const answer: Answer = { status: parsed.status, body: parsed.body };
  // A refusal of the request's shape is not kept by idempotency; a value rule (`invalid_price`) is.
  const shape = SHAPE_CODES.has(parsed.body.error.code);
  return { ok: false, answer: shape ? { ...answer, beforeOperation: true } : answer };
}

/**
 * Turns a query string into an object: a repeated parameter becomes an array, which schemas refuse.
 * Every parameter becomes an own property, `?__proto__=` too (an assignment would set the prototype
 * instead), so parsing sees and refuses it.
 */
function queryObject(query: URLSearchParams): Record<string, string | string[]> {
  const object: Record<string, string | string[]> = {};
  for (const key of new Set(query.keys())) {
    const values = query.getAll(key);
    const value = values.length === 1 ? (values[0] ?? '') : values;
    Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
  }
  return object;
}

/** Parses a query string with a domain schema; every problem is `400 invalid_request` naming the parameter. */
export function parseQuery<S extends z.ZodType>(
  schema: S,
  query: URLSearchParams,
  operation: RequestOperation,
): Parsed<z.output<S>> {
  return parseBody(schema, queryObject(query), operation);
}
