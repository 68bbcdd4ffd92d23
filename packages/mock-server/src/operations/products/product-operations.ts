import {
  type EligibilityCheckRequest,
  type EligibilityResult,
  ok,
  type Product,
  type ProductCreate,
  type ProductListQuery,
  type ProductUpdate,
} from '@glm/domain';
import { failure, noSuch, type Outcome } from '../../core/outcome.ts';
import type { Page } from '../../core/store/ordered-collection.ts';
import { asStored, listPage } from '../list-page.ts';
import type { OperationContext } from '../operation-context.ts';
import { insertProduct, patchProduct } from './product-write.ts';

/** One page of the catalog, newest first, filtered by status, eligibility and merchant product id. */
export function listProducts(
  { engine }: OperationContext,
  query: ProductListQuery,
): Outcome<Page<Product, number>> {
  const { status, hsa_fsa_eligible, merchant_product_id } = query;
  return listPage(engine.store.products, query, {
    noun: 'product',
    where: (product) =>
      (status === undefined || product.status === status) &&
      (hsa_fsa_eligible === undefined || product.eligibility.hsa_fsa_eligible === hsa_fsa_eligible) &&
      (merchant_product_id === undefined || product.merchant_product_id === merchant_product_id),
    present: asStored,
  });
}

/** One product; the catalog is shared by both modes. */
export function getProduct({ engine }: OperationContext, id: number): Outcome<Product> {
  const product = engine.store.products.get(id);
  return product === undefined ? noSuch('product') : ok(product);
}

/** Creates a product: a taken `merchant_product_id` is `conflict`; emits `product.created`. */
export function createProduct({ engine, mode }: OperationContext, input: ProductCreate): Outcome<Product> {
  return insertProduct(engine, mode, input);
}

/** Updates the fields sent; emits `product.updated` when something changed. */
export function updateProduct(
  { engine, mode }: OperationContext,
  id: number,
  input: ProductUpdate,
): Outcome<Product> {
  const product = engine.store.products.get(id);
  return product === undefined ? noSuch('product') : patchProduct(engine, mode, product, input);
}

/** Checks a barcode or name against the eligibility database without creating a product. */
export function checkEligibility(
  { engine }: OperationContext,
  input: EligibilityCheckRequest,
): Outcome<EligibilityResult> {
  const { upc_code_or_gtin: upc, product_name: name } = input;
  const checked = engine.eligibility.check({ upc, name }, engine.now());
  if (!checked.ok)
    return failure(checked.code, checked.message, { param: checked.param ?? 'upc_code_or_gtin' });
  return ok(checked.value);
}
