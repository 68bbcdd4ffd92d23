import { err, ok, type Result } from '../result.ts';
import type { CartType, EligibilityType } from '../schemas/statuses.ts';

/** What the cart rules need to know about a line item's eligibility. */
export type CartItemEligibility = {
  /** Whether the matched product is HSA/FSA eligible; pass-through items are not. */
  readonly is_hsa_fsa_eligible: boolean;
  /** The kind of eligibility, when the product has one. */
  readonly eligibility_type?: EligibilityType | null | undefined;
};

/**
 * Whether a line item counts as HSA/FSA eligible for the cart: an eligible item, and a `dual_purpose`
 * item even when it is flagged otherwise, since it is payable with a Letter of Medical Necessity.
 */
export function isEligibleItem(item: CartItemEligibility): boolean {
  return item.is_hsa_fsa_eligible || item.eligibility_type === 'dual_purpose';
}

/**
 * The cart type from item eligibility: every item eligible → `eligible`, none →
 * `regular`, a mix → `split`. An empty cart is refused with `bad_request` on `line_items`.
 */
export function cartType(items: readonly CartItemEligibility[]): Result<CartType, 'bad_request'> {
  if (items.length === 0) return err('bad_request', 'A cart needs at least one line item', 'line_items');
  const eligible = items.filter(isEligibleItem).length;
  if (eligible === items.length) return ok('eligible');
  return ok(eligible === 0 ? 'regular' : 'split');
}
