import {
  EligibilityCheckRequest,
  ERROR_STATUS,
  ProductCreate,
  ProductListQuery,
  ProductUpdate,
} from '@glm/domain';
import type { Answer } from '../http/answer.ts';
import { failure, notFound, success } from '../http/answer.ts';
import { parseBody, parseQuery } from '../http/parse.ts';
import type { HandlerContext, RouteDefinition } from '../http/route.ts';
import { listAnswer } from './list-answer.ts';
import { createProduct, updateProduct } from './product-write.ts';

const productId = (raw: string | undefined): number | undefined => {
  if (raw === undefined || !/^[1-9]\d{0,15}$/.test(raw)) return undefined;
  const id = Number(raw);
  return Number.isSafeInteger(id) ? id : undefined;
};

const badId = (): Answer =>
  failure(400, 'invalid_request', 'The product id must be a positive integer.', { param: 'id' });

function listProducts({ engine, query }: HandlerContext): Answer {
  const parsed = parseQuery(ProductListQuery, query, 'product.list');
  if (!parsed.ok) return parsed.answer;
  const { status, hsa_fsa_eligible, merchant_product_id } = parsed.value;
  return listAnswer(engine.store.products, parsed.value, {
    noun: 'product',
    where: (product) =>
      (status === undefined || product.status === status) &&
      (hsa_fsa_eligible === undefined || product.eligibility.hsa_fsa_eligible === hsa_fsa_eligible) &&
      (merchant_product_id === undefined || product.merchant_product_id === merchant_product_id),
  });
}

function getProduct({ engine, params }: HandlerContext): Answer {
  const id = productId(params['id']);
  if (id === undefined) return badId();
  const product = engine.store.products.get(id);
  return product === undefined ? notFound('product') : success(200, product);
}

function putProduct({ engine, params, body, mode }: HandlerContext): Answer {
  const id = productId(params['id']);
  if (id === undefined) return badId();
  const parsed = parseBody(ProductUpdate, body, 'product.update');
  if (!parsed.ok) return parsed.answer;
  const product = engine.store.products.get(id);
  return product === undefined ? notFound('product') : updateProduct(engine, mode, product, parsed.value);
}

function postProduct({ engine, body, mode }: HandlerContext): Answer {
  const parsed = parseBody(ProductCreate, body, 'product.create');
  return parsed.ok ? createProduct(engine, mode, parsed.value) : parsed.answer;
}

function checkEligibility({ engine, body }: HandlerContext): Answer {
  const parsed = parseBody(EligibilityCheckRequest, body, 'eligibility.check');
  if (!parsed.ok) return parsed.answer;
  const { upc_code_or_gtin: upc, product_name: name } = parsed.value;
  const checked = engine.eligibility.check({ upc, name }, engine.now());
  if (!checked.ok)
    return failure(ERROR_STATUS[checked.code], checked.code, checked.message, {
      param: checked.param ?? 'upc_code_or_gtin',
    });
  return success(200, checked.value);
}

/**
 * Product routes: list (4.1), create, check eligibility (4.3, rate-limited per merchant per minute), get
 * and update. The catalog is shared by both modes.
 */
export const productRoutes: readonly RouteDefinition[] = [
  { method: 'GET', path: '/products', handle: listProducts },
  { method: 'POST', path: '/products', creates: true, handle: postProduct },
  { method: 'POST', path: '/products/check-eligibility', rateLimit: 'eligibility', handle: checkEligibility },
  { method: 'GET', path: '/products/:id', handle: getProduct },
  { method: 'PUT', path: '/products/:id', handle: putProduct },
];
