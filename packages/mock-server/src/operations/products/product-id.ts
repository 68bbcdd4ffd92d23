import { ok } from '@glm/domain';
import { type Outcome, refusal } from '../../core/outcome.ts';
import type { OperationContext } from '../operation-context.ts';

/**
 * The target of a product operation: its id, a positive integer; anything else is `400
 * invalid_request` (param `id`) before the request is read.
 */
export function productId(_context: OperationContext, raw: string): Outcome<number> {
  if (/^[1-9]\d{0,15}$/.test(raw) && Number.isSafeInteger(Number(raw))) return ok(Number(raw));
  return refusal('invalid_request', 'The product id must be a positive integer.', { param: 'id' });
}
