import type { CheckoutSession } from '@glm/domain';
import { unmatchedLineItemsWarning } from '../operations/checkout/catalog-match.ts';
import type { OperationContext } from '../operations/operation-context.ts';

/**
 * The header of a test-mode answer that succeeded but probably not as the caller meant (line items
 * that match no catalog product); the body is unchanged, and the journal and dashboard show it too.
 */
export const MOCK_WARNING_HEADER = 'glm-mock-warning';

/** The warning of a created checkout session: test mode only, when a line item matches no catalog product. */
export function checkoutWarning(
  session: CheckoutSession,
  { engine, mode }: OperationContext,
): string | undefined {
  return mode === 'test' ? unmatchedLineItemsWarning(engine, session.line_items) : undefined;
}
