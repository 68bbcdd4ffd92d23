import {
  type CheckoutSession,
  type NormalizedCheckoutRequest,
  ok,
  type PaymentLink,
  SubscriptionInterval,
} from '@glm/domain';
import type { Outcome } from '../../core/outcome.ts';
import type { PaymentLinkRecord } from '../../core/store/payment-records.ts';
import { createCheckout } from '../checkout/create.ts';
import { TEST_SHOPPER } from '../checkout/test-shopper.ts';
import type { OperationContext } from '../operation-context.ts';

/**
 * The checkout request a link's payment opens: its products, the rest of its amount as one line,
 * the link's customer (empty fields where the link names none: the page asks the shopper, nothing is
 * invented) and the test shopper's address (a link carries none).
 */
function checkoutRequestFor(link: PaymentLink): NormalizedCheckoutRequest {
  const products = link.products ?? [];
  const listed = products.reduce((sum, product) => sum + product.price_cents * product.quantity, 0);
  const lines = products.map((product) => ({
    product_id: product.merchant_product_id,
    name: product.name,
    image_url: null,
    price: product.price_cents,
    quantity: product.quantity,
    currency: link.currency,
  }));
  if (listed < link.amount_cents) {
    const rest = link.amount_cents - listed;
    lines.push({
      product_id: link.id,
      name: link.description,
      image_url: null,
      price: rest,
      quantity: 1,
      currency: link.currency,
    });
  }
  const terms = link.subscription ?? null;
  const interval = SubscriptionInterval.safeParse(terms?.interval);
  return {
    reference_id: link.id,
    customer: {
      email: link.customer?.email ?? '',
      first_name: link.customer?.first_name ?? '',
      last_name: link.customer?.last_name ?? '',
      phone: null,
    },
    line_items: lines,
    shipping_info: TEST_SHOPPER.address,
    billing_info: TEST_SHOPPER.address,
    shipping: 0,
    tax: 0,
    discount: 0,
    success_url: link.success_url,
    failure_url: link.cancel_url ?? link.success_url,
    metadata: { ...link.metadata },
    payment_type: terms !== null && interval.success ? 'subscription' : 'one_time',
    subscription:
      terms === null || !interval.success
        ? null
        : {
            interval: interval.data,
            interval_count: terms.interval_count,
            trial_period_days: terms.trial_period_days ?? null,
          },
  };
}

/** The session that pays a link: the one opened before while it is still open, else a new one (the `/pay` page shows it). */
export function sessionFor(context: OperationContext, record: PaymentLinkRecord): Outcome<CheckoutSession> {
  const open = openSessionOf(context, record);
  if (open !== undefined) return ok(open);
  const state = context.engine.store.modes[context.mode];
  const created = createCheckout(context, checkoutRequestFor(record.link), record.link.id);
  if (created.ok) state.paymentLinks.update({ ...record, checkoutId: created.value.checkout_id });
  return created;
}

/** The link's checkout session when one is open, without opening one (a read has no effect). */
export function openSessionOf(
  { engine, mode }: OperationContext,
  record: PaymentLinkRecord,
): CheckoutSession | undefined {
  const open =
    record.checkoutId === null ? undefined : engine.store.modes[mode].checkouts.get(record.checkoutId);
  return open?.session.status === 'open' ? open.session : undefined;
}
