import type {
  EligibilityCheckRequest,
  EligibilityResult,
  Product,
  ProductCreate,
  ProductListQuery,
  ProductUpdate,
} from '@glm/domain';
import type { z } from 'zod';
import type { APIPromise } from '../api-promise.ts';
import { path } from '../internal/path.ts';
import type { PagePromise } from '../pagination.ts';
import type { RequestOptions } from '../request-options.ts';
import { Resource } from './resource.ts';

/** The body of {@link Products.create}: `status` defaults to `active`. */
export type ProductCreateParams = z.input<typeof ProductCreate>;
/** The body of {@link Products.update}: only the fields sent change; `metadata` merges, `null` removes a key. */
export type ProductUpdateParams = z.input<typeof ProductUpdate>;
/** The filters and page size of {@link Products.list}. */
export type ProductListParams = Partial<ProductListQuery>;
/**
 * The body of {@link Products.checkEligibility}: a barcode, a name, or both; one of them is required,
 * so `checkEligibility({})` does not compile.
 */
export type EligibilityCheckParams =
  | (z.input<typeof EligibilityCheckRequest> & { readonly upc_code_or_gtin: string })
  | (z.input<typeof EligibilityCheckRequest> & { readonly product_name: string });

/** Catalog products (`/api/v2/products`) and the eligibility check. */
export class Products extends Resource {
  /** Lists products, newest first; iterate the result with `for await` to walk every page. */
  list(params: ProductListParams = {}, options?: RequestOptions): PagePromise<Product, number> {
    return this.pages<Product, number>('/api/v2/products', params, 'ProductList', options);
  }

  /** Creates a product; its eligibility is checked against the eligibility database at creation. */
  create(params: ProductCreateParams, options?: RequestOptions): APIPromise<Product> {
    return this.send('POST /api/v2/products', 'Product', options, params);
  }

  /** Fetches one product by its integer id. */
  get(id: number, options?: RequestOptions): APIPromise<Product> {
    return this.send(() => path`GET /api/v2/products/${id}`, 'Product', options);
  }

  /** Changes the fields sent and answers the updated product; fields not sent keep their value. */
  update(id: number, params: ProductUpdateParams, options?: RequestOptions): APIPromise<Product> {
    return this.send(() => path`PUT /api/v2/products/${id}`, 'Product', options, params);
  }

  /** Checks a barcode or name against the eligibility database without creating a product. */
  checkEligibility(params: EligibilityCheckParams, options?: RequestOptions): APIPromise<EligibilityResult> {
    return this.send('POST /api/v2/products/check-eligibility', 'EligibilityResult', options, params);
  }
}
