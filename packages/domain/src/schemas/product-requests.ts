import { z } from 'zod';
import { Gtin } from './gtin.ts';
import { lazySchema } from './lazy-schema.ts';
import { Cents, HttpUrl, Metadata, MetadataPatch, Name, SettledCurrency } from './primitives.ts';
import { createdRange, ListLimit, QueryBoolean, queryInteger } from './query-params.ts';
import { ProductStatus } from './statuses.ts';

/** A merchant product id: 1–255 characters. */
const MerchantProductId = z.string().trim().min(1).max(255);
/** A tagline: at most 255 characters. */
const Tagline = z.string().max(255);
/** A description: at most 5000 characters (our limit; the service states none). */
const Description = z.string().max(5000);
/** Image URLs: at most 10 http(s) URLs, the first primary. */
const ImageUrls = z.array(HttpUrl).max(10);

/**
 * The body of `POST /api/v2/products`. Unknown fields are refused. A non-USD currency is
 * `invalid_currency`, a bad price `invalid_price`, a bad UPC or URL `validation_error`.
 */
export const ProductCreate = lazySchema(() =>
  z.strictObject({
    name: Name,
    price: Cents,
    currency: SettledCurrency,
    merchant_product_id: MerchantProductId.optional(),
    tagline: Tagline.optional(),
    description: Description.optional(),
    upc_code_or_gtin: Gtin.optional(),
    images: ImageUrls.optional(),
    metadata: Metadata.optional(),
    status: ProductStatus.default('active'),
  }),
);
/** The body of `POST /api/v2/products`. */
export type ProductCreate = z.infer<typeof ProductCreate>;

/**
 * The body of `PUT /api/v2/products/{id}`: every field optional, only those sent change.
 * `images` replaces the list; `metadata` merges key by key and a `null` value removes its key;
 * `null` clears `tagline`, `description` or `upc_code_or_gtin`.
 */
export const ProductUpdate = lazySchema(() =>
  z.strictObject({
    name: Name.optional(),
    price: Cents.optional(),
    currency: SettledCurrency.optional(),
    merchant_product_id: MerchantProductId.optional(),
    tagline: Tagline.nullable().optional(),
    description: Description.nullable().optional(),
    upc_code_or_gtin: Gtin.nullable().optional(),
    images: ImageUrls.optional(),
    metadata: MetadataPatch.optional(),
    status: ProductStatus.optional(),
  }),
);
/** The body of `PUT /api/v2/products/{id}`. */
export type ProductUpdate = z.infer<typeof ProductUpdate>;

/**
 * The query of `GET /api/v2/products`, from query-string values: unknown
 * parameters are refused and every problem is `400 invalid_request`.
 */
export const ProductListQuery = lazySchema(() =>
  z.strictObject({
    limit: ListLimit,
    starting_after: queryInteger(z.int().positive()).optional(),
    status: ProductStatus.optional(),
    hsa_fsa_eligible: QueryBoolean.optional(),
    merchant_product_id: z.string().min(1).max(255).optional(),
    ...createdRange,
  }),
);
/** The query of `GET /api/v2/products`. */
export type ProductListQuery = z.infer<typeof ProductListQuery>;
