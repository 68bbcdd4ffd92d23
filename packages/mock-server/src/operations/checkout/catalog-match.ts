import type { CheckoutLineItem, Product } from '@glm/domain';
import type { Engine } from '../../core/engine.ts';

/**
 * The catalog product a checkout line item is charged as: the active or inactive product whose
 * `merchant_product_id` equals the line's `product_id`. An archived product, or none, leaves the line
 * a regular (not HSA/FSA-eligible) item.
 */
export function catalogProductOf(engine: Engine, productId: string): Product | undefined {
  const id = engine.store.productIdByMerchantId.get(productId);
  const product = id === undefined ? undefined : engine.store.products.get(id);
  return product !== undefined && product.status !== 'archived' ? product : undefined;
}

/** How many unmatched line items a warning names before it counts the rest. */
const NAMED_ITEMS = 5;

/** A product id as the warning quotes it: JSON-quoted, non-ASCII escaped, so it fits an HTTP header. */
const quoted = (productId: string): string =>
  JSON.stringify(productId.length > 64 ? `${productId.slice(0, 64)}...` : productId).replace(
    /[^\x20-\x7e]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );

/**
 * The warning a test-mode checkout creation answers when some line items match no catalog product
 * (so they are charged as regular items, which is easy to miss: nothing else fails), or `undefined`
 * when every line matched. It names the items (the first few, then a count) and says why.
 */
export function unmatchedLineItemsWarning(
  engine: Engine,
  lines: readonly Pick<CheckoutLineItem, 'product_id'>[],
): string | undefined {
  const isUnmatched = (id: string): boolean => catalogProductOf(engine, id) === undefined;
  // The common checkout matches every line: nothing to gather.
  if (!lines.some((line) => isUnmatched(line.product_id))) return undefined;
  const unmatched = [...new Set(lines.map((line) => line.product_id).filter(isUnmatched))];
  const named = unmatched.slice(0, NAMED_ITEMS).map(quoted).join(', ');
  const more = unmatched.length > NAMED_ITEMS ? ` and ${unmatched.length - NAMED_ITEMS} more` : '';
  const one = unmatched.length === 1;
  return (
    `line item product_id${one ? '' : 's'} ${named}${more} ${one ? 'matches' : 'match'} no catalog product, ` +
    `so ${one ? 'it is' : 'they are'} charged as regular (not HSA/FSA-eligible). A line item is eligible ` +
    'only through the catalog product whose merchant_product_id equals its product_id.'
  );
}
