import {
  CheckoutCreate,
  type CheckoutLineItem,
  type CheckoutSession,
  cartTotals,
  cartType,
  EligibilityType,
  type NormalizedCheckoutRequest,
  normalizeCheckoutRequest,
  ok,
} from '@glm/domain';
import { checkoutSessionExpiresAt } from '@glm/domain/machines';
import { type Outcome, refusal } from '../../core/outcome.ts';
import { defineOperation } from '../define-operation.ts';
import type { OperationContext } from '../operation-context.ts';
import { catalogProductOf, unmatchedLineItemsWarning } from './catalog-match.ts';
import { expireCheckout } from './expiry.ts';

// The known types as a set: a lookup per line instead of a zod parse (a failed one builds an error).
const KNOWN_TYPES: ReadonlySet<string> = new Set(EligibilityType.options);

const isKnownType = (value: string): value is EligibilityType => KNOWN_TYPES.has(value);

const knownType = (value: string | null | undefined): EligibilityType | null =>
  value !== null && value !== undefined && isKnownType(value) ? value : null;

/** Matches a request line to the catalog (see {@link catalogProductOf}): the product gives its eligibility. */
function lineItem(
  { engine }: OperationContext,
  item: NormalizedCheckoutRequest['line_items'][number],
): CheckoutLineItem {
  const matched = catalogProductOf(engine, item.product_id);
  return {
    product_id: item.product_id,
    name: item.name,
    image_url: item.image_url,
    price: item.price,
    quantity: item.quantity,
    currency: item.currency,
    is_hsa_fsa_eligible: matched?.eligibility.hsa_fsa_eligible ?? false,
    eligibility_type: matched === undefined ? null : knownType(matched.eligibility.eligibility_type),
  };
}

const address = (input: NormalizedCheckoutRequest['shipping_info']) => ({
  address_line_1: input.address_line_1,
  address_line_2: input.address_line_2,
  city: input.city,
  state: input.state,
  zip: input.postal_code,
  country: input.country,
});

/** Creates a checkout session and schedules its expiry 24 hours later. */
export function createCheckout(
  context: OperationContext,
  request: NormalizedCheckoutRequest,
  paymentLinkId: string | null,
): Outcome<CheckoutSession> {
  const { engine, mode } = context;
  // Each line's `eligibility_type` is already a known type or null (`lineItem`): no second parse.
  const lines = request.line_items.map((item) => lineItem(context, item));
  const totals = cartTotals({
    line_items: lines,
    shipping: request.shipping,
    tax: request.tax,
    discount: request.discount,
  });
  if (!totals.ok) return refusal(totals.code, totals.message, { param: totals.param });
  const type = cartType(lines);
  if (!type.ok) return refusal(type.code, type.message, { param: type.param });
  const createdAt = engine.nowIso();
  const expiresAt = checkoutSessionExpiresAt(createdAt) ?? createdAt;
  const id = engine.newId('cs_');
  const token = engine.token(32);
  const session: CheckoutSession = {
    checkout_id: id,
    checkout_url: `${engine.baseUrl}/checkout/${id}?token=${token}`,
    reference_id: request.reference_id,
    status: 'open',
    type: type.value,
    customer: request.customer,
    line_items: lines,
    amounts: totals.value,
    success_url: request.success_url,
    failure_url: request.failure_url,
    expires_at: expiresAt,
    created_at: createdAt,
    order_id: null,
    paid_at: null,
    expired_at: null,
    metadata: request.metadata,
    payment_type: request.payment_type,
    subscription: request.subscription,
  };
  engine.store.modes[mode].checkouts.insert({
    session,
    token,
    shipping: address(request.shipping_info),
    billing: address(request.billing_info),
    paymentLinkId,
  });
  engine.schedule(Date.parse(expiresAt), () => expireCheckout(context, id));
  return ok(session);
}

/** Creates a checkout session from either request shape, normalized by the domain. */
export const createCheckoutSession = defineOperation({
  endpoint: {
    operationId: 'createCheckoutSession',
    description:
      'Accepts the reference request shape and the embedded-guide shape; sending both ' +
      'spellings of one field with different values is 400 bad_request. Line items whose `product_id` ' +
      'matches no product pass through as not eligible; in test mode the answer then carries a ' +
      '`Glm-Mock-Warning` header naming them.',
    success: {
      description: 'The session, in the checkout envelope.',
    },
  },
  input: CheckoutCreate,
  rules: 'checkout.create',
  creates: true,
  run(context, input) {
    const request = normalizeCheckoutRequest(input);
    if (!request.ok) return refusal(request.code, request.message, { param: request.param });
    return createCheckout(context, request.value, null);
  },
  // Test mode only: a line item that matches no catalog product is charged as a regular item.
  warning: (session, { engine, mode }) =>
    mode === 'test' ? unmatchedLineItemsWarning(engine, session.line_items) : undefined,
});
