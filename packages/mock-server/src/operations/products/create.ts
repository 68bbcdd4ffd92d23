import { ok, type Product, ProductCreate } from '@glm/domain';
import type { Outcome } from '../../core/outcome.ts';
import { defineOperation } from '../define-operation.ts';
import type { OperationContext } from '../operation-context.ts';
import { duplicateMerchantId, images, productEligibility } from './product-fields.ts';

/** Creates a product: a taken `merchant_product_id` is `conflict`; emits `product.created`. */
export const createProduct = defineOperation({
  endpoint: {
    operationId: 'createProduct',
    description: 'Eligibility is checked at creation; emits `product.created`.',
    success: { description: 'The created product.' },
  },
  input: ProductCreate,
  rules: 'product.create',
  creates: true,
  run: (context, input) => insertProduct(context, input),
});

/** Creates a catalog product from a parsed body: checks uniqueness, then eligibility, then stores and emits. */
function insertProduct(context: OperationContext, input: ProductCreate): Outcome<Product> {
  const { engine, mode } = context;
  const duplicate = duplicateMerchantId(context, input.merchant_product_id);
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
    eligibility: productEligibility(context, input.upc_code_or_gtin, input.name),
    images: images(context, input.images ?? []),
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
