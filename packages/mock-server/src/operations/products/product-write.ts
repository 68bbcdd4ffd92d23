import {
  type Mode,
  ok,
  type Product,
  type ProductCreate,
  type ProductImage,
  ProductStatus,
  type ProductUpdate,
} from '@glm/domain';
import { productStatusTransition } from '@glm/domain/machines';
import type { Engine } from '../../core/engine.ts';
import { type ApiError, failure, type Outcome } from '../../core/outcome.ts';

const duplicateMerchantId = (
  engine: Engine,
  merchantProductId: string | undefined,
  except?: number,
): ApiError | undefined => {
  if (merchantProductId === undefined) return undefined;
  const owner = engine.store.productIdByMerchantId.get(merchantProductId);
  if (owner === undefined || owner === except) return undefined;
  return failure('conflict', `A product with merchant_product_id ${merchantProductId} exists.`, {
    param: 'merchant_product_id',
  });
};

const images = (engine: Engine, urls: readonly string[]): ProductImage[] =>
  urls.map((url, index) => {
    engine.store.lastImageId += 1;
    return { id: engine.store.lastImageId, url, is_primary: index === 0 };
  });

/** Checks eligibility of a product's barcode and name and dates the result. */
export function productEligibility(
  engine: Engine,
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

/** Creates a catalog product from a parsed body: checks uniqueness, then eligibility, then stores and emits. */
export function insertProduct(engine: Engine, mode: Mode, input: ProductCreate): Outcome<Product> {
  const duplicate = duplicateMerchantId(engine, input.merchant_product_id);
  if (duplicate !== undefined) return duplicate;
  const now = engine.nowIso();
  engine.store.lastProductId += 1;
  const product: Product = {
    id: engine.store.lastProductId,
    name: input.name,
    tagline: input.tagline ?? null,
    description: input.description ?? null,
    price: input.price,
    currency: input.currency,
    merchant_product_id: input.merchant_product_id ?? null,
    upc_code_or_gtin: input.upc_code_or_gtin ?? null,
    status: input.status,
    eligibility: productEligibility(engine, input.upc_code_or_gtin, input.name),
    images: images(engine, input.images ?? []),
    metadata: { ...input.metadata },
    created_at: now,
    updated_at: now,
  };
  engine.store.products.insert(product);
  if (product.merchant_product_id !== null)
    engine.store.productIdByMerchantId.set(product.merchant_product_id, product.id);
  engine.emit(mode, 'product.created', product);
  return ok(product);
}

const knownStatus = (status: string): ProductStatus => {
  const parsed = ProductStatus.safeParse(status);
  return parsed.success ? parsed.data : 'inactive';
};

/** Applies a parsed update: only sent fields change; emits `product.updated` with `previous_attributes`. */
export function patchProduct(
  engine: Engine,
  mode: Mode,
  current: Product,
  input: ProductUpdate,
): Outcome<Product> {
  if (input.status !== undefined) {
    const moved = productStatusTransition(
      { status: knownStatus(current.status) },
      { type: 'set_status', status: input.status },
    );
    if (!moved.ok) return failure(moved.code, moved.message, { param: 'status' });
  }
  const duplicate = duplicateMerchantId(engine, input.merchant_product_id, current.id);
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
    if (!same) next['images'] = images(engine, input.images);
  }
  const upcChanged =
    input.upc_code_or_gtin !== undefined && input.upc_code_or_gtin !== current.upc_code_or_gtin;
  const nameMatters =
    current.upc_code_or_gtin === null && input.name !== undefined && input.name !== current.name;
  const candidate = next as Product;
  if (upcChanged || nameMatters) {
    const eligibility = productEligibility(engine, candidate.upc_code_or_gtin, candidate.name);
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
