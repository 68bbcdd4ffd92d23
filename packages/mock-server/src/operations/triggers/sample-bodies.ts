import { ROUTES } from '@glm/domain/contract';

/** A JSON request body. */
export type RequestBody = Record<string, unknown>;

/** The test card that pays. */
export const SUCCEEDING_CARD = '4242424242424242';

/** A fresh copy of a route table example, so that no caller's patch reaches the table. */
const copy = <T>(example: T): T => structuredClone(example) as T;

const CHECKOUT = ROUTES.createCheckoutSession.example.body;

/** The shipping address of every sample checkout, in the reference shape (`postal_code`). */
export const SAMPLE_SHIPPING = CHECKOUT.shipping_info;

/** A test shopper whose e-mail carries `tag` (a run's unique suffix), so runs stay apart. */
export const sampleShopper = (tag: string): RequestBody => ({
  ...copy(CHECKOUT.customer),
  email: `${tag}@example.com`,
});

/** The route table's product creation example (an eligible item, $12.99) with this merchant product id. */
export const sampleProduct = (merchantProductId: string): RequestBody => ({
  ...copy(ROUTES.createProduct.example.body),
  merchant_product_id: merchantProductId,
});

/**
 * A regular (not HSA/FSA-eligible) product with this merchant product id: facial tissue, $4.99, whose
 * barcode the eligibility database lists as not eligible.
 */
export const sampleRegularProduct = (merchantProductId: string): RequestBody => ({
  name: 'Facial Tissue 3-Ply 120 ct',
  price: 499,
  currency: 'USD',
  merchant_product_id: merchantProductId,
  upc_code_or_gtin: '036000291452',
});

/** The product a sample checkout sells one unit of, and who buys it (see {@link sampleCheckout}). */
export interface SampleCheckoutLine {
  /** The product's merchant id, the line's `product_id`. */
  readonly merchantProductId: string;
  /** Its name. */
  readonly name: string;
  /** Its price in cents; $12.99 when absent. */
  readonly price?: number;
  /** The shopper; `tag`'s when absent. */
  readonly customer?: RequestBody;
}

/** The route table's checkout session example: one unit of the product `line` names, reference `tag`. */
export const sampleCheckout = (
  tag: string,
  { merchantProductId, name, price = 1299, customer = sampleShopper(tag) }: SampleCheckoutLine,
): RequestBody => {
  const example = copy(CHECKOUT);
  const [line] = example.line_items;
  return {
    ...example,
    reference_id: tag,
    customer,
    line_items: [{ ...line, product_id: merchantProductId, name, price }],
  };
};

/** The route table's one-time payment link example ($50.00), with `extra` fields over it. */
export const samplePaymentLink = (extra: RequestBody = {}): RequestBody => ({
  ...copy(ROUTES.createPaymentLink.example.body),
  ...extra,
});
