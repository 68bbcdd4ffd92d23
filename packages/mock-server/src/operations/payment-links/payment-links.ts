import {
  type CheckoutSession,
  EligibilityType,
  type Mode,
  type NormalizedCheckoutRequest,
  ok,
  type PaymentLink,
  type PaymentLinkCreate,
  PaymentLinkStatus,
  SubscriptionInterval,
} from '@glm/domain';
import {
  isPaymentLinkExpiryAllowed,
  type PaymentLinkTransition,
  paymentLinkDefaultExpiresAt,
  paymentLinkTransition,
} from '@glm/domain/machines';
import type { PaymentLinkPayResult, TestPayer } from '@glm/domain/test-helpers';
import type { Engine } from '../../core/engine.ts';
import { failure, noSuch, type Outcome } from '../../core/outcome.ts';
import type { PaymentCards } from '../../core/store/payment-cards.ts';
import type { PaymentLinkRecord } from '../../core/store/payment-records.ts';
import { createCheckout } from '../checkout/create-checkout.ts';
import { paySession } from '../checkout/pay-session.ts';
import { TEST_SHOPPER } from '../checkout/test-shopper.ts';

const knownType = (value: string | null | undefined): EligibilityType | null => {
  const parsed = EligibilityType.safeParse(value);
  return parsed.success ? parsed.data : null;
};

const statusOf = (link: PaymentLink): PaymentLinkStatus => {
  const parsed = PaymentLinkStatus.safeParse(link.status);
  return parsed.success ? parsed.data : 'cancelled';
};

/** Moves a stored link with the domain machine and carries out its timestamp and reason effects. */
function move(
  link: PaymentLink,
  event: Parameters<typeof paymentLinkTransition>[1],
): { readonly moved: PaymentLinkTransition; readonly next: PaymentLink } {
  const moved = paymentLinkTransition({ status: statusOf(link), expires_at: link.expires_at }, event);
  if (!moved.ok) return { moved, next: link };
  let next: PaymentLink = { ...link, status: moved.state.status };
  for (const effect of moved.effects) {
    if (effect.kind === 'set_timestamp') next = { ...next, [effect.field]: effect.at };
    if (effect.kind === 'set_cancellation_reason') next = { ...next, cancellation_reason: effect.reason };
  }
  return { moved, next };
}

/** Emits the link's own events among a move's effects (the order's events belong to the checkout). */
function emitLinkEvents(engine: Engine, mode: Mode, moved: PaymentLinkTransition, link: PaymentLink): void {
  if (!moved.ok) return;
  for (const effect of moved.effects) {
    if (effect.kind === 'emit' && effect.event.startsWith('payment_link.'))
      engine.emit(mode, effect.event, link);
  }
}

/** The scheduled expiry of a link at its `expires_at` (3.2): `expired` and `payment_link.expired`. */
export function expirePaymentLink(engine: Engine, mode: Mode, id: string): void {
  const links = engine.store.modes[mode].paymentLinks;
  const record = links.get(id);
  if (record === undefined) return;
  const { moved, next } = move(record.link, { type: 'expire', now: engine.nowIso() });
  // A link already paid or cancelled is left as it is.
  if (!moved.ok) return;
  links.update({ ...record, link: next });
  emitLinkEvents(engine, mode, moved, next);
}

/**
 * Creates an active payment link (4.7): `expires_at` defaults to 15 days and must lie in the
 * future and at most 90 days away (`422`); products are matched to the catalog for their eligibility;
 * `url` is `<base>/pay/<plink_id>`. Schedules the expiry and emits `payment_link.created`.
 */
export function createPaymentLink(
  engine: Engine,
  mode: Mode,
  input: PaymentLinkCreate,
): Outcome<PaymentLink> {
  const now = engine.nowIso();
  const expiresAt =
    input.expires_at === undefined
      ? paymentLinkDefaultExpiresAt(now)
      : new Date(Date.parse(input.expires_at)).toISOString();
  if (expiresAt === undefined || !isPaymentLinkExpiryAllowed(expiresAt, now)) {
    return failure('validation_error', 'expires_at must be in the future and at most 90 days away.', {
      param: 'expires_at',
    });
  }
  const id = engine.newId('plink_');
  const { subscription } = input;
  const link: PaymentLink = {
    id,
    url: `${engine.baseUrl}/pay/${id}`,
    amount_cents: input.amount_cents,
    currency: input.currency,
    description: input.description,
    payment_type: input.payment_type,
    subscription:
      input.payment_type !== 'subscription' || subscription?.interval === undefined
        ? null
        : {
            interval: subscription.interval,
            interval_count: subscription.interval_count ?? 1,
            trial_period_days: subscription.trial_period_days ?? null,
          },
    status: 'active',
    customer: {
      email: input.customer?.email ?? null,
      first_name: input.customer?.first_name ?? null,
      last_name: input.customer?.last_name ?? null,
    },
    products: (input.products ?? []).map((product) => {
      const productId = engine.store.productIdByMerchantId.get(product.merchant_product_id);
      const found = productId === undefined ? undefined : engine.store.products.get(productId);
      const matched = found !== undefined && found.status !== 'archived' ? found : undefined;
      return {
        ...product,
        is_hsa_fsa_eligible: matched?.eligibility.hsa_fsa_eligible ?? false,
        eligibility_type: matched === undefined ? null : knownType(matched.eligibility.eligibility_type),
      };
    }),
    success_url: input.success_url,
    cancel_url: input.cancel_url ?? null,
    metadata: { ...input.metadata },
    expires_at: expiresAt,
    created_at: now,
    cancelled_at: null,
    cancellation_reason: null,
  };
  engine.store.modes[mode].paymentLinks.insert({ link, checkoutId: null });
  engine.schedule(Date.parse(expiresAt), () => expirePaymentLink(engine, mode, id));
  engine.emit(mode, 'payment_link.created', link);
  return ok(link);
}

/**
 * Cancels an active link (4.6, 3.2): `cancelled_at`, `cancellation_reason` and `payment_link.cancelled`.
 * Any other status is `400 invalid_state` (param `status`) with the current status in the message.
 */
export function cancelPaymentLink(
  engine: Engine,
  mode: Mode,
  id: string,
  reason: string | undefined,
): Outcome<PaymentLink> {
  const links = engine.store.modes[mode].paymentLinks;
  const record = links.get(id);
  if (record === undefined) return noSuch('payment link');
  const now = engine.nowIso();
  const { moved, next } = move(
    record.link,
    reason === undefined ? { type: 'cancel', now } : { type: 'cancel', now, reason },
  );
  if (!moved.ok) return failure(moved.code, moved.message, { param: moved.param });
  links.update({ ...record, link: next });
  emitLinkEvents(engine, mode, moved, next);
  return ok(next);
}

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
export function sessionFor(engine: Engine, mode: Mode, record: PaymentLinkRecord): Outcome<CheckoutSession> {
  const open = openSessionOf(engine, mode, record);
  if (open !== undefined) return ok(open);
  const state = engine.store.modes[mode];
  const created = createCheckout(engine, mode, checkoutRequestFor(record.link), record.link.id);
  if (created.ok) state.paymentLinks.update({ ...record, checkoutId: created.value.checkout_id });
  return created;
}

/** The link's checkout session when one is open, without opening one (a read has no effect). */
export function openSessionOf(
  engine: Engine,
  mode: Mode,
  record: PaymentLinkRecord,
): CheckoutSession | undefined {
  const open =
    record.checkoutId === null ? undefined : engine.store.modes[mode].checkouts.get(record.checkoutId);
  return open?.session.status === 'open' ? open.session : undefined;
}

/**
 * The pay test helper of a link: opens (or reuses) the link's checkout session and plays a
 * payment attempt on it. On success the link becomes `paid` and `payment_link.paid` is emitted before
 * the order's events; the order carries `payment_link_id`. A link that is not active is `409 conflict`.
 * Answers `{payment_link, checkout, order, payment}`.
 */
export function payPaymentLink(
  engine: Engine,
  mode: Mode,
  id: string,
  cards: PaymentCards,
  payer?: TestPayer,
): Outcome<PaymentLinkPayResult> {
  const links = engine.store.modes[mode].paymentLinks;
  const record = links.get(id);
  if (record === undefined) return noSuch('payment link');
  const check = move(record.link, { type: 'payment_succeeded', now: engine.nowIso() });
  if (!check.moved.ok) return failure('conflict', check.moved.message, { param: 'status' });
  const session = sessionFor(engine, mode, record);
  if (!session.ok) return session;
  const result = paySession(engine, mode, session.value.checkout_id, cards, payer, () => {
    const current = links.get(id) ?? record;
    const { moved, next } = move(current.link, { type: 'payment_succeeded', now: engine.nowIso() });
    links.update({ ...current, link: next });
    emitLinkEvents(engine, mode, moved, next);
  });
  if (!result.ok) return result;
  const link = links.get(id)?.link ?? record.link;
  return ok({ payment_link: link, ...result.attempt });
}
