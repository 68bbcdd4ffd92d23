import type { Product, ProductImage } from '@glm/domain';
import { type ApiError, refusal } from '../../core/outcome.ts';
import type { OperationContext } from '../operation-context.ts';

/** The refusal of a `merchant_product_id` another product holds (`except`, the product being updated, may). */
export const duplicateMerchantId = (
  { engine }: OperationContext,
  merchantProductId: string | undefined,
  except?: number,
): ApiError | undefined => {
  if (merchantProductId === undefined) return undefined;
  const owner = engine.store.productIdByMerchantId.get(merchantProductId);
  if (owner === undefined || owner === except) return undefined;
  return refusal('conflict', `A product with merchant_product_id ${merchantProductId} exists.`, {
    param: 'merchant_product_id',
  });
};

/** Image objects for the URLs given, with new image ids; the first is the primary image. */
export const images = ({ engine }: OperationContext, urls: readonly string[]): ProductImage[] =>
  urls.map((url, index) => {
    engine.store.lastImageId += 1;
    return { id: engine.store.lastImageId, url, is_primary: index === 0 };
  });

/** Checks eligibility of a product's barcode and name and dates the result. */
export function productEligibility(
  { engine }: OperationContext,
  upc: string | null | undefined,
  name: string,
): Product['eligibility'] {
  const checked = engine.eligibility.check({ upc, name }, engine.now());
  // The product schemas already validated the barcode, so a refusal cannot happen here; stay total anyway.
  const verdict = checked.ok
    ? checked.value
    : {
        hsa_fsa_eligible: false,
        eligibility_type: null,
        reason: checked.message,
        checked_at: engine.nowIso(),
      };
  return {
    hsa_fsa_eligible: verdict.hsa_fsa_eligible,
    message: verdict.reason,
    eligibility_type: verdict.eligibility_type,
    checked_at: verdict.checked_at,
  };
}
