import { ok, ProductListQuery } from '@glm/domain';
import { noSuch } from '../../core/outcome.ts';
import { defineOperation } from '../define-operation.ts';
import { productIdParameter } from '../endpoint-doc.ts';
import { asStored, listPage } from '../list-page.ts';
import { productId } from './product-id.ts';

/** One page of the catalog, newest first, filtered by status, eligibility and merchant product id. */
export const listProducts = defineOperation({
  endpoint: {
    operationId: 'listProducts',
    description: 'Cursor pagination: pass `next_cursor` as `starting_after`. Unknown parameters are refused.',
    success: { description: 'One page of products.' },
  },
  input: ProductListQuery,
  rules: 'product.list',
  run({ engine }, query) {
    const { status, hsa_fsa_eligible, merchant_product_id } = query;
    return listPage(engine.store.products, query, {
      noun: 'product',
      where: (product) =>
        (status === undefined || product.status === status) &&
        (hsa_fsa_eligible === undefined || product.eligibility.hsa_fsa_eligible === hsa_fsa_eligible) &&
        (merchant_product_id === undefined || product.merchant_product_id === merchant_product_id),
      present: asStored,
    });
  },
});

/** One product; the catalog is shared by both modes. */
export const getProduct = defineOperation({
  endpoint: {
    operationId: 'getProduct',
    pathParameters: { id: productIdParameter },
    success: { description: 'The product.' },
  },
  target: productId,
  run({ engine }, _input, id) {
    const product = engine.store.products.get(id);
    return product === undefined ? noSuch('product') : ok(product);
  },
});
