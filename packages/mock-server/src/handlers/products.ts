import { ProductListQuery } from '@glm/domain';
import { type ApiError, failure } from '../core/outcome.ts';
import { productIdParameter } from '../openapi/operation-doc.ts';
import {
  checkEligibility,
  createProduct,
  getProduct,
  listProducts,
  updateProduct,
} from '../operations/products/product-operations.ts';
import { type Endpoint, endpoint } from './endpoint.ts';

/** A product id of the path is a positive integer; anything else is refused before the request is read. */
function malformedProductId(raw: string): ApiError | undefined {
  if (/^[1-9]\d{0,15}$/.test(raw) && Number.isSafeInteger(Number(raw))) return undefined;
  return failure('invalid_request', 'The product id must be a positive integer.', { param: 'id' });
}

/**
 * Product endpoints: list (4.1), create, check eligibility (4.3, rate-limited per merchant per minute),
 * get and update. The catalog is shared by both modes.
 */
export const productEndpoints: readonly Endpoint[] = [
  endpoint({
    method: 'GET',
    path: '/products',
    operation: (context, { query }) => listProducts(context, query),
    doc: {
      operationId: 'listProducts',
      summary: 'List products, newest first',
      tag: 'Products',
      query: ProductListQuery,
      validation: 'product.list',
      description:
        'Cursor pagination: pass `next_cursor` as `starting_after`. Unknown parameters are refused.',
      success: { status: 200, schema: 'ProductList', description: 'One page of products.' },
    },
  }),
  endpoint({
    method: 'POST',
    path: '/products',
    creates: true,
    operation: (context, { body }) => createProduct(context, body),
    doc: {
      operationId: 'createProduct',
      summary: 'Create a product',
      tag: 'Products',
      body: 'ProductCreate',
      validation: 'product.create',
      description: 'Eligibility is checked at creation; emits `product.created`.',
      success: { status: 201, schema: 'Product', description: 'The created product.' },
      errors: ['conflict'],
    },
  }),
  endpoint({
    method: 'POST',
    path: '/products/check-eligibility',
    rateLimit: 'eligibility',
    operation: (context, { body }) => checkEligibility(context, body),
    doc: {
      operationId: 'checkEligibility',
      summary: 'Check HSA/FSA eligibility without creating a product',
      tag: 'Products',
      body: 'EligibilityCheckRequest',
      validation: 'eligibility.check',
      description:
        'At least one of `upc_code_or_gtin` and `product_name` is required (400 invalid_request otherwise). ' +
        'Limited to 100 requests a minute per merchant in test mode, 1000 in live mode.',
      success: { status: 200, schema: 'EligibilityResult', description: 'The eligibility result.' },
    },
  }),
  endpoint({
    method: 'GET',
    path: '/products/:id',
    checkId: malformedProductId,
    operation: (context, { id }) => getProduct(context, Number(id)),
    doc: {
      operationId: 'getProduct',
      summary: 'Get a product',
      tag: 'Products',
      pathParameters: { id: productIdParameter },
      success: { status: 200, schema: 'Product', description: 'The product.' },
      errors: ['invalid_request', 'not_found'],
    },
  }),
  endpoint({
    method: 'PUT',
    path: '/products/:id',
    checkId: malformedProductId,
    operation: (context, { id, body }) => updateProduct(context, Number(id), body),
    doc: {
      operationId: 'updateProduct',
      summary: 'Update a product (only the fields sent change)',
      tag: 'Products',
      pathParameters: { id: productIdParameter },
      body: 'ProductUpdate',
      validation: 'product.update',
      description:
        '`images` replaces the list; `metadata` merges key by key and a null value removes its key. ' +
        'A status move the product cannot make is 409 conflict. Emits `product.updated` when something changed.',
      success: { status: 200, schema: 'Product', description: 'The updated product.' },
      errors: ['not_found', 'conflict'],
    },
  }),
];
