import type { Glm } from '@glm/sdk';

/** A product as the shop's own catalog holds it; `sku` is the service's `merchant_product_id`. */
export interface ShopProduct {
  readonly sku: string;
  readonly name: string;
  readonly priceCents: number;
  /** The barcode gives the most accurate eligibility result. */
  readonly upc?: string;
}

/** The shop's catalog. Prices live here: the back end never trusts a price sent by the browser. */
export const CATALOG: readonly ShopProduct[] = [
  { sku: 'thermo-1', name: 'Digital Thermometer', priceCents: 1_299 },
  { sku: 'ibu-200', name: 'Ibuprofen 200mg Tablets 100 ct', priceCents: 899 },
  { sku: 'mug-1', name: 'Coffee Mug', priceCents: 1_500 },
];

/** What one sync did, by sku. */
export interface SyncReport {
  readonly created: string[];
  readonly updated: string[];
  readonly unchanged: string[];
}

/**
 * Makes the service's catalog match the shop's: creates the products it lacks and updates the name or
 * price of those that changed (the service re-checks eligibility when the name changes, D9). Safe to run
 * on every deploy: a second run changes nothing.
 */
export async function syncCatalog(glm: Glm, products: readonly ShopProduct[]): Promise<SyncReport> {
  const report: SyncReport = { created: [], updated: [], unchanged: [] };
  for (const product of products) {
    const [existing] = await glm.products
      .list({ merchant_product_id: product.sku, limit: 1 })
      .toArray({ limit: 1 });
    const fields = { name: product.name, price: product.priceCents, currency: 'USD' };
    if (existing === undefined) {
      const upc = product.upc === undefined ? {} : { upc_code_or_gtin: product.upc };
      await glm.products.create({ ...fields, ...upc, merchant_product_id: product.sku });
      report.created.push(product.sku);
    } else if (existing.name !== product.name || existing.price !== product.priceCents) {
      await glm.products.update(existing.id, { name: product.name, price: product.priceCents });
      report.updated.push(product.sku);
    } else {
      report.unchanged.push(product.sku);
    }
  }
  return report;
}
