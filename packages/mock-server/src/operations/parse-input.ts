import { parseRequest, type RequestOperation } from '@glm/domain';
import type { z } from 'zod';
import { type ApiError, type Outcome, refusal } from '../core/outcome.ts';

/**
 * The codes of parsing that refuse a request's shape (malformed, mistyped, missing or unknown fields):
 * `bad_request` is checkout creation's name for `invalid_request`.
 */
const SHAPE_CODES: ReadonlySet<string> = new Set(['invalid_request', 'bad_request', 'validation_error']);

/**
 * Parses an operation's input with a domain schema; a refusal carries the code, param and details the
 * domain's error mapping chooses for `rules` (400/422 split, `invalid_price`, `invalid_currency`, …).
 * A refusal of the shape (`invalid_request`, `bad_request`, `validation_error`) is marked as given before the operation
 * ran, so the idempotency store does not keep it; a value rule's code (`invalid_price`, …) is kept.
 */
export function parseInput<S extends z.ZodType>(
  schema: S,
  input: unknown,
  rules: RequestOperation,
): Outcome<z.output<S>> {
  const parsed = parseRequest(schema, input, rules);
  if (parsed.ok) return parsed;
  const { code, message, param, details } = parsed.body.error;
  const refused: ApiError = refusal(code, message, { param, details });
  // A refusal of the request's shape is not kept by idempotency; a value rule (`invalid_price`) is.
  return SHAPE_CODES.has(code) ? { ...refused, beforeOperation: true } : refused;
}
