import { EligibilityCheckRequest, ProductCreate, ProductListQuery, ProductUpdate } from '@glm/domain';
import type { Answer } from '../http/answer.ts';
import { answerOf, errorAnswer, failure } from '../http/outcome.ts';
import { parseBody, parseQuery } from '../http/parse.ts';
import { productIdParameter } from '../openapi/operation-doc.ts';
import {
  checkEligibility,
  createProduct,
  getProduct,
  listProducts,
  updateProduct,
} from '../operations/products.ts';
import { answerParsed, type Endpoint } from './endpoint.ts';

/** The product id of the path: a positive integer, or the `400 invalid_request` that refuses it. */
function productId(
  raw: string | undefined,
): { readonly ok: true; readonly value: number } | { readonly ok: false; readonly answer: Answer } {
  const id = raw !== undefined && /^[1-9]\d{0,15}$/.test(raw) ? Number(raw) : undefined;
  if (id !== undefined && Number.isSafeInteger(id)) return { ok: true, value: id };
  return {
    ok: false,
    answer: errorAnswer(
      failure('invalid_request', 'The product id must be a positive integer.', { param: 'id' }),
    ),
  };
}

/**
 * Product endpoints: list (4.1), create, check eligibility (4.3, rate-limited per merchant per minute),
 * get and update. The catalog is shared by both modes.
 */
export const productEndpoints: readonly Endpoint[] = [
  {
    method: 'GET',
    path: '/products',
    handle: (context) =>
      answerParsed(parseQuery(ProductListQuery, context.query, 'product.list'), (query) =>
        listProducts(context, query),
      ),
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
  },
  {
    method: 'POST',
    path: '/products',
    creates: true,
    handle: (context) =>
      answerParsed(
        parseBody(ProductCreate, context.body, 'product.create'),
        (input) => createProduct(context, input),
        201,
      ),
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
  },
  {
    method: 'POST',
    path: '/products/check-eligibility',
    rateLimit: 'eligibility',
    handle: (context) =>
      answerParsed(parseBody(EligibilityCheckRequest, context.body, 'eligibility.check'), (input) =>
        checkEligibility(context, input),
      ),
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
  },
  {
    method: 'GET',
    path: '/products/:id',
    handle(context) {
      const id = productId(context.params['id']);
      return id.ok ? answerOf(getProduct(context, id.value)) : id.answer;
    },
    doc: {
      operationId: 'getProduct',
      summary: 'Get a product',
      tag: 'Products',
      pathParameters: { id: productIdParameter },
      success: { status: 200, schema: 'Product', description: 'The product.' },
      errors: ['invalid_request', 'not_found'],
    },
  },
  {
    method: 'PUT',
    path: '/products/:id',
    handle(context) {
      const id = productId(context.params['id']);
      if (!id.ok) return id.answer;
      return answerParsed(parseBody(ProductUpdate, context.body, 'product.update'), (input) =>
        updateProduct(context, id.value, input),
      );
    },
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
  },
];
