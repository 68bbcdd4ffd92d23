import { ID_PREFIXES, type IdPrefix, isId } from '@glm/domain';
import type { ComponentVisitor, SchemaDifference } from './json-schema.ts';

// The document types ids as strings; their prefixes come from the domain. The `id` of each resource
// schema, by the document's component name (products and images have integer ids):
const RESOURCE_ID_PREFIX: Readonly<Record<string, IdPrefix>> = {
  CheckoutSession: ID_PREFIXES.checkout_session,
  PaymentLink: ID_PREFIXES.payment_link,
  Order: ID_PREFIXES.order,
  Refund: ID_PREFIXES.refund,
  Dispute: ID_PREFIXES.dispute,
  Subscription: ID_PREFIXES.subscription,
  WebhookEndpoint: ID_PREFIXES.webhook_endpoint,
  WebhookEndpointWithSecret: ID_PREFIXES.webhook_endpoint,
};

// Fields that name another resource, wherever they appear in a resource (null when there is none).
const REFERENCE_PREFIX: Readonly<Record<string, IdPrefix>> = {
  checkout_id: ID_PREFIXES.checkout_session,
  payment_link_id: ID_PREFIXES.payment_link,
  order_id: ID_PREFIXES.order,
  refund_id: ID_PREFIXES.refund,
  dispute_id: ID_PREFIXES.dispute,
  subscription_id: ID_PREFIXES.subscription,
  customer_id: ID_PREFIXES.customer,
};

function idDifference(value: unknown, prefix: IdPrefix, path: string): SchemaDifference | undefined {
  if (value === null || value === undefined || isId(prefix, value)) return undefined;
  return { path, message: `${JSON.stringify(value)} is not an id ${prefix}<24 base62>` };
}

/**
 * Checks the id formats the document leaves as plain strings: a resource's `id` carries its kind's
 * prefix (`ord_`, `ref_`, `plink_`…) followed by 24 base62 characters, and so do the fields that point
 * at another resource (`order_id`, `checkout_id`…), where present and not null. Plugged into the schema
 * walk, it sees every value that matched a named component schema.
 */
export const checkIdFormats: ComponentVisitor = (name, value, path) => {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const record = value as Record<string, unknown>;
  const own = RESOURCE_ID_PREFIX[name];
  // A checkout session names itself by `checkout_id`, which the reference table covers.
  if (own !== undefined && Object.hasOwn(record, 'id')) {
    const found = idDifference(record['id'], own, `${path}.id`);
    if (found !== undefined) return found;
  }
  for (const [field, prefix] of Object.entries(REFERENCE_PREFIX)) {
    if (!Object.hasOwn(record, field)) continue;
    const found = idDifference(record[field], prefix, `${path}.${field}`);
    if (found !== undefined) return found;
  }
  return undefined;
};
