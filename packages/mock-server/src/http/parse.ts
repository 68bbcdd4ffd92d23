import { parseRequest, type RequestOperation } from '@glm/domain';
import type { z } from 'zod';
import { type ApiError, failure, type Outcome } from '../core/outcome.ts';
import type { Answer } from './answer.ts';
import { errorAnswer } from './answer.ts';

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
 * Parses an operation's input with a domain schema; a refusal carries the code, param and details the
 * domain's error mapping chooses for `operation` (400/422 split, `invalid_price`, `invalid_currency`, …).
 * A refusal of the shape (`invalid_request`, `bad_request`, `validation_error`) is marked as given before the operation
 * ran, so the idempotency store does not keep it; a value rule's code (`invalid_price`, …) is kept.
 */
export function parseInput<S extends z.ZodType>(
  schema: S,
  input: unknown,
  operation: RequestOperation,
): Outcome<z.output<S>> {
  const parsed = parseRequest(schema, input, operation);
  if (parsed.ok) return parsed;
  const { code, message, param, details } = parsed.body.error;
  const refused: ApiError = failure(code, message, { param, details });
  // A refusal of the request's shape is not kept by idempotency; a value rule (`invalid_price`) is.
  return SHAPE_CODES.has(code) ? { ...refused, beforeOperation: true } : refused;
}

/** Parses a JSON body with a domain schema, as {@link parseInput}; a refusal comes as its error answer. */
export function parseBody<S extends z.ZodType>(
  schema: S,
  body: unknown,
  operation: RequestOperation,
): Parsed<z.output<S>> {
  const parsed = parseInput(schema, body, operation);
  return parsed.ok ? parsed : { ok: false, answer: errorAnswer(parsed) };
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

/**
 * Parses an operation's input as {@link parseInput} and hands the value to `next` (the operation); a
 * refusal is answered instead.
 */
export function withInput<S extends z.ZodType, R>(
  schema: S,
  input: unknown,
  operation: RequestOperation,
  next: (value: z.output<S>) => R,
): R | ApiError {
  const parsed = parseInput(schema, input, operation);
  return parsed.ok ? next(parsed.value) : parsed;
}
