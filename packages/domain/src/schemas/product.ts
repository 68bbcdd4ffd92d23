import { z } from 'zod';
import { lazySchema } from './lazy-schema.ts';
import { ListPage } from './list-page.ts';
import { Cents, MetadataRecord, Timestamp } from './primitives.ts';
import { EligibilityType, ProductStatus } from './statuses.ts';

/** An image of a product: the first one is primary. */
export const ProductImage = z.object({ id: z.int(), url: z.string(), is_primary: z.boolean() });
/** An image of a product. */
export type ProductImage = z.infer<typeof ProductImage>;

/**
 * A product's HSA/FSA eligibility. `message` is the check's reason;
 * `eligibility_type` is null when not eligible and open to new types; `checked_at` dates the result.
 * The last two are not in the interface's table, so they may be absent.
 */
const ProductEligibility = z.object({
  hsa_fsa_eligible: z.boolean(),
  message: z.string(),
  eligibility_type: EligibilityType.nullable(),
  checked_at: Timestamp.nullable(),
});

/**
 * A catalog product as answered: the service's product fields plus `description`, `upc_code_or_gtin`,
 * `metadata` and `updated_at`. Unknown fields are dropped; `status` is open. The fields the service may
 * leave out (`tagline`, `images`) may be absent.
 */
export const Product = z.object({
  id: z.int().positive(),
  name: z.string(),
  tagline: z.string().nullable(),
  description: z.string().nullable(),
  price: Cents,
  currency: z.string(),
  merchant_product_id: z.string().nullable(),
  upc_code_or_gtin: z.string().nullable(),
  status: ProductStatus,
  eligibility: ProductEligibility,
  images: z.array(ProductImage),
  metadata: MetadataRecord,
  created_at: Timestamp,
  updated_at: Timestamp,
});
/** A catalog product as answered. */
export type Product = z.infer<typeof Product>;

/** A page of products: the cursor is a product id. */
export const ProductList = lazySchema(() => ListPage(Product, z.int()));
/** A page of products. */
export type ProductList = z.infer<typeof ProductList>;
