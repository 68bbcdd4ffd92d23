import { isPrefixedBase62, prefixedRandomBase62, type RandomBytes } from './base62.ts';

/** The id prefix of each kind of resource. Products and images have integer ids instead. */
export const ID_PREFIXES = {
  checkout_session: 'cs_',
  payment_link: 'plink_',
  order: 'ord_',
  line_item: 'li_',
  refund: 'ref_',
  dispute: 'dp_',
  event: 'evt_',
  payment: 'pay_',
  subscription: 'sub_',
  customer: 'cus_',
  payment_method: 'pm_',
  webhook_endpoint: 'whep_',
  fault_rule: 'flt_',
  merchant: 'mer_',
} as const;

/**
 * An id prefix: `cs_`, `plink_`, `ord_`, `li_`, `ref_`, `dp_`, `evt_`, `pay_`, `sub_`, `cus_`, `pm_`,
 * `whep_`, `flt_` (a fault rule of the reference server) or `mer_` (one of its merchants). Products and
 * images have integer ids instead.
 */
export type IdPrefix = (typeof ID_PREFIXES)[keyof typeof ID_PREFIXES];

/** How many random base62 characters follow an id's prefix. */
export const ID_RANDOM_LENGTH = 24;

/**
 * A new resource id: the prefix and 24 unbiased base62 characters drawn from `random`.
 *
 * @example
 * createId('ord_', (n) => crypto.getRandomValues(new Uint8Array(n))); // 'ord_7Hq0…' (28 characters)
 */
export function createId<P extends IdPrefix>(prefix: P, random: RandomBytes): `${P}${string}` {
  return prefixedRandomBase62(prefix, ID_RANDOM_LENGTH, random);
}

/** Whether `value` is an id with this prefix: the prefix and exactly 24 base62 characters. */
export function isId<P extends IdPrefix>(prefix: P, value: unknown): value is `${P}${string}` {
  return isPrefixedBase62(value, prefix, ID_RANDOM_LENGTH);
}
