import type { ErrorDetail } from '../schemas/error-body.ts';
import type { SeedFile } from './seed-file.ts';

/** What a ref may name. */
type RefKind =
  | 'product'
  | 'customer'
  | 'payment_method'
  | 'payment_link'
  | 'subscription'
  | 'webhook_endpoint';

/** Every ref of a seed: its kind, the entry that defines it and, for a payment method, its customer's ref. */
interface Defined {
  readonly kind: RefKind;
  readonly field: string;
  readonly customer?: string | undefined;
}

const nameOf = (value: unknown): string | undefined =>
  typeof value === 'string' && value.startsWith('ref:') ? value.slice(4) : undefined;

/**
 * The problems of a parsed seed's refs, each naming the entry and field: a name defined twice, and a
 * `"ref:<name>"` that names nothing, or names the wrong kind of entry, or a payment method of another
 * customer than the subscription's. An empty list means every ref resolves.
 */
export function checkSeedRefs(seed: SeedFile): ErrorDetail[] {
  const problems: ErrorDetail[] = [];
  const defined = new Map<string, Defined>();
  const define = (name: string | undefined, entry: Defined): void => {
    if (name === undefined) return;
    const earlier = defined.get(name);
    if (earlier !== undefined) {
      problems.push({
        field: `${entry.field}.ref`,
        message: `"${name}" is already the ref of ${earlier.field}`,
      });
    } else defined.set(name, entry);
  };
  const each = <T extends { readonly ref?: string | undefined }>(
    entries: readonly T[] | undefined,
    kind: RefKind,
    list: string,
  ): void => {
    for (const [i, entry] of (entries ?? []).entries()) define(entry.ref, { kind, field: `${list}[${i}]` });
  };
  each(seed.products, 'product', 'products');
  each(seed.customers, 'customer', 'customers');
  for (const [i, customer] of (seed.customers ?? []).entries()) {
    for (const [j, method] of customer.payment_methods.entries()) {
      const field = `customers[${i}].payment_methods[${j}]`;
      define(method.ref, { kind: 'payment_method', field, customer: customer.ref });
    }
  }
  each(seed.payment_links, 'payment_link', 'payment_links');
  each(seed.subscriptions, 'subscription', 'subscriptions');
  each(seed.webhook_endpoints, 'webhook_endpoint', 'webhook_endpoints');

  const expect = (value: unknown, kind: RefKind, field: string): Defined | undefined => {
    const name = nameOf(value);
    if (name === undefined) return undefined;
    const found = defined.get(name);
    if (found === undefined) problems.push({ field, message: `ref:${name} names no entry of the seed` });
    else if (found.kind !== kind) {
      problems.push({
        field,
        message: `ref:${name} names ${found.field}, which is not a ${kind.replace('_', ' ')}`,
      });
    } else return found;
    return undefined;
  };
  for (const [i, entry] of (seed.subscriptions ?? []).entries()) {
    const field = `subscriptions[${i}]`;
    expect(entry.product_id, 'product', `${field}.product_id`);
    const owner = expect(entry.customer_id, 'customer', `${field}.customer_id`);
    const method = expect(entry.payment_method_id, 'payment_method', `${field}.payment_method_id`);
    const customer = nameOf(entry.customer_id);
    if (owner !== undefined && method !== undefined && method.customer !== customer) {
      problems.push({
        field: `${field}.payment_method_id`,
        message: `${entry.payment_method_id} is a payment method of ${method.field.replace(/\.payment_methods.*$/, '')}, not of ref:${customer}`,
      });
    }
  }
  return problems;
}
