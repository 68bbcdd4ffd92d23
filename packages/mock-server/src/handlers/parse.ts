import { parseRequest, type RequestOperation } from '@glm/domain';
import type { z } from 'zod';
import type { Answer } from '../http/answer.ts';

/** A parsed request part, or the error answer that refuses it. */
export type Parsed<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly answer: Answer };

/**
 * Parses a JSON body with a domain schema; a refusal is answered with the status and error body the
 * domain's error mapping chooses for `operation` (400/422 split, `invalid_price`, `invalid_currency`, …).
 * The refusal is marked as given before the operation ran, so the idempotency store does not keep it.
 */
export function parseBody<S extends z.ZodType>(
  schema: S,
  body: unknown,
  operation: RequestOperation,
): Parsed<z.output<S>> {
  const parsed = parseRequest(schema, body, operation);
  return parsed.ok
    ? parsed
    : { ok: false, answer: { status: parsed.status, body: parsed.body, beforeOperation: true } };
}

/** Turns a query string into an object: a repeated parameter becomes an array, which schemas refuse. */
export function queryObject(query: URLSearchParams): Record<string, string | string[]> {
  const object: Record<string, string | string[]> = {};
  for (const key of new Set(query.keys())) {
    const values = query.getAll(key);
    object[key] = values.length === 1 ? (values[0] ?? '') : values;
  }
  return object;
}

/** Parses a query string with a domain schema; every problem is `400 invalid_request` naming the parameter (D11). */
export function parseQuery<S extends z.ZodType>(
  schema: S,
  query: URLSearchParams,
  operation: RequestOperation,
): Parsed<z.output<S>> {
  return parseBody(schema, queryObject(query), operation);
}
