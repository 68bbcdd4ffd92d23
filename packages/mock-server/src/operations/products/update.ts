import { ok, type Product, ProductStatus, ProductUpdate } from '@glm/domain';
import { productStatusTransition } from '@glm/domain/machines';
import { noSuch, type Outcome, refusal } from '../../core/outcome.ts';
import { defineOperation } from '../define-operation.ts';
import { productIdParameter } from '../endpoint-doc.ts';
import type { OperationContext } from '../operation-context.ts';
import { duplicateMerchantId, images, productEligibility } from './product-fields.ts';
import { productId } from './product-id.ts';

/** Updates the fields sent; emits `product.updated` when something changed. */
export const updateProduct = defineOperation({
  endpoint: {
    operationId: 'updateProduct',
    pathParameters: { id: productIdParameter },
    description:
      '`images` replaces the list; `metadata` merges key by key and a null value removes its key. ' +
      'A status move the product cannot make is 409 conflict. Emits `product.updated` when something changed.',
    success: { description: 'The updated product.' },
  },
  input: ProductUpdate,
  rules: 'product.update',
  target: productId,
  run(context, input, id) {
    const product = context.engine.store.products.get(id);
    return product === undefined ? noSuch('product') : patchProduct(context, product, input);
  },
});

const knownStatus = (status: string): ProductStatus => {
  const parsed = ProductStatus.safeParse(status);
  return parsed.success ? parsed.data : 'inactive';
};

/** Applies a parsed update: only sent fields change; emits `product.updated` with `previous_attributes`. */
function patchProduct(context: OperationContext, current: Product, input: ProductUpdate): Outcome<Product> {
  const { engine, mode } = context;
  if (input.status !== undefined) {
    const moved = productStatusTransition(
      { status: knownStatus(current.status) },
      { type: 'set_status', status: input.status },
    );
    if (!moved.ok) return refusal(moved.code, moved.message, { param: 'status' });
  }
  const duplicate = duplicateMerchantId(context, input.merchant_product_id, current.id);
  if (duplicate !== undefined) return duplicate;
  const next: Record<string, unknown> = { ...current };
  for (const [key, value] of Object.entries(input)) {
    if (value === undefined || key === 'metadata' || key === 'images') continue;
    next[key] = value;
  }
  if (input.metadata !== undefined) {
    const metadata: Record<string, string> = { ...current.metadata };
    for (const [key, value] of Object.entries(input.metadata)) {
      if (value === null) delete metadata[key];
      else metadata[key] = value;
    }
    next['metadata'] = metadata;
  }
  if (input.images !== undefined) {
    const same =
      JSON.stringify(input.images) === JSON.stringify((current.images ?? []).map((image) => image.url));
    if (!same) next['images'] = images(context, input.images);
  }
  const upcChanged =
    input.upc_code_or_gtin !== undefined && input.upc_code_or_gtin !== current.upc_code_or_gtin;
  const nameMatters =
    current.upc_code_or_gtin === null && input.name !== undefined && input.name !== current.name;
  const candidate = next as Product;
  if (upcChanged || nameMatters) {
    const eligibility = productEligibility(context, candidate.upc_code_or_gtin, candidate.name);
    const changed =
      eligibility.hsa_fsa_eligible !== current.eligibility.hsa_fsa_eligible ||
      eligibility.eligibility_type !== current.eligibility.eligibility_type ||
      eligibility.message !== current.eligibility.message;
    if (changed) next['eligibility'] = eligibility;
  }
  const previous: Record<string, unknown> = {};
  const currentFields: Record<string, unknown> = { ...current };
  for (const [key, value] of Object.entries(next)) {
    if (JSON.stringify(value) !== JSON.stringify(currentFields[key])) previous[key] = currentFields[key];
  }
  if (Object.keys(previous).length === 0) return ok(current);
  const updated = { ...candidate, updated_at: engine.nowIso() };
  engine.store.products.update(updated);
  if (current.merchant_product_id !== updated.merchant_product_id) {
    if (current.merchant_product_id !== null)
      engine.store.productIdByMerchantId.delete(current.merchant_product_id);
    if (updated.merchant_product_id !== null)
      engine.store.productIdByMerchantId.set(updated.merchant_product_id, updated.id);
  }
  engine.emit(mode, 'product.updated', { ...updated, previous_attributes: previous });
  return ok(updated);
}
