import { checkEligibility } from '../../operations/products/check-eligibility.ts';
import { createProduct } from '../../operations/products/create.ts';
import { getProduct, listProducts } from '../../operations/products/read.ts';
import { updateProduct } from '../../operations/products/update.ts';
import { type Endpoint, endpoint } from '../endpoint.ts';
import { productIdParameter } from '../openapi/operation-doc.ts';

/**
 * Product endpoints: list, create, check eligibility (rate-limited per merchant per minute),
 * get and update. The catalog is shared by both modes.
 */
export const productEndpoints: readonly Endpoint[] = [
  endpoint({
    operationId: 'listProducts',
    operation: listProducts,
    doc: {
      description:
        'Cursor pagination: pass `next_cursor` as `starting_after`. Unknown parameters are refused.',
      success: { description: 'One page of products.' },
    },
  }),
  endpoint({
    operationId: 'createProduct',
    operation: createProduct,
    doc: {
      description: 'Eligibility is checked at creation; emits `product.created`.',
      success: { description: 'The created product.' },
    },
  }),
  endpoint({
    operationId: 'checkEligibility',
    rateLimit: 'eligibility',
    operation: checkEligibility,
    doc: {
      description:
        'At least one of `upc_code_or_gtin` and `product_name` is required (400 invalid_request otherwise). ' +
        'Limited to 100 requests a minute per merchant in test mode, 1000 in live mode.',
      success: { description: 'The eligibility result.' },
    },
  }),
  endpoint({
    operationId: 'getProduct',
    operation: getProduct,
    doc: {
      pathParameters: { id: productIdParameter },
      success: { description: 'The product.' },
    },
  }),
  endpoint({
    operationId: 'updateProduct',
    operation: updateProduct,
    doc: {
      pathParameters: { id: productIdParameter },
      description:
        '`images` replaces the list; `metadata` merges key by key and a null value removes its key. ' +
        'A status move the product cannot make is 409 conflict. Emits `product.updated` when something changed.',
      success: { description: 'The updated product.' },
    },
  }),
];
