import { EligibilityResult, Product, ProductList } from '@glm/domain';
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
    method: 'GET',
    path: '/products',
    operation: listProducts,
    doc: {
      operationId: 'listProducts',
      summary: 'List products, newest first',
      tag: 'Products',
      description:
        'Cursor pagination: pass `next_cursor` as `starting_after`. Unknown parameters are refused.',
      success: { status: 200, schema: ProductList, description: 'One page of products.' },
    },
  }),
  endpoint({
    method: 'POST',
    path: '/products',
    operation: createProduct,
    doc: {
      operationId: 'createProduct',
      summary: 'Create a product',
      tag: 'Products',
      description: 'Eligibility is checked at creation; emits `product.created`.',
      success: { status: 201, schema: Product, description: 'The created product.' },
      errors: ['conflict'],
    },
  }),
  endpoint({
    method: 'POST',
    path: '/products/check-eligibility',
    rateLimit: 'eligibility',
    operation: checkEligibility,
    doc: {
      operationId: 'checkEligibility',
      summary: 'Check HSA/FSA eligibility without creating a product',
      tag: 'Products',
      description:
        'At least one of `upc_code_or_gtin` and `product_name` is required (400 invalid_request otherwise). ' +
        'Limited to 100 requests a minute per merchant in test mode, 1000 in live mode.',
      success: { status: 200, schema: EligibilityResult, description: 'The eligibility result.' },
    },
  }),
  endpoint({
    method: 'GET',
    path: '/products/:id',
    operation: getProduct,
    doc: {
      operationId: 'getProduct',
      summary: 'Get a product',
      tag: 'Products',
      pathParameters: { id: productIdParameter },
      success: { status: 200, schema: Product, description: 'The product.' },
      errors: ['invalid_request', 'not_found'],
    },
  }),
  endpoint({
    method: 'PUT',
    path: '/products/:id',
    operation: updateProduct,
    doc: {
      operationId: 'updateProduct',
      summary: 'Update a product (only the fields sent change)',
      tag: 'Products',
      pathParameters: { id: productIdParameter },
      description:
        '`images` replaces the list; `metadata` merges key by key and a null value removes its key. ' +
        'A status move the product cannot make is 409 conflict. Emits `product.updated` when something changed.',
      success: { status: 200, schema: Product, description: 'The updated product.' },
      errors: ['not_found', 'conflict'],
    },
  }),
];
