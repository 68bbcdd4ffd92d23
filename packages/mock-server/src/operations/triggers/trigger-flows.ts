import type { EventType } from '@glm/domain';
import { subscriptionDueAt, subscriptionTrialEndingAt } from '@glm/domain/machines';
import { type DeclineCode, TEST_CARDS } from '@glm/domain/test-helpers';
import { refusal } from '../../core/outcome.ts';
import { captureOrder } from '../authorized-orders/capture.ts';
import { failOrder } from '../authorized-orders/fail.ts';
import { closeDispute } from '../disputes/close.ts';
import { openDispute } from '../disputes/open.ts';
import { cancelPaymentLink } from '../payment-links/cancel.ts';
import { updateProduct } from '../products/update.ts';
import { createRefund } from '../refunds/create.ts';
import { failRefund, succeedRefund } from '../refunds/settle.ts';
import { cancelSubscription } from '../subscriptions/cancel.ts';
import {
  cardDeclining,
  cardThat,
  checkout,
  order,
  paidOrder,
  payingCard,
  payLink,
  paymentLink,
  payWith,
  product,
} from './flow-blocks.ts';
import type { FlowStep, ObjectName } from './flow-step.ts';
import type { TriggerRequestName } from './trigger-requests.ts';

/** How one event type is triggered. */
export interface TriggerFlow {
  /** The request an override without a request name patches (`--set amount_cents=500`). */
  readonly main: TriggerRequestName;
  /** Every request the flow may make, `main` first; an override may name any of them. */
  readonly requests: readonly TriggerRequestName[];
  /** The existing objects it takes instead of making new ones. */
  readonly objects: readonly ObjectName[];
  /** What it does, in one line (`glm-mock trigger --list`, the docs). */
  readonly does: string;
  /** The declines it can produce (`decline`), its own (the default) first; absent where no payment declines. */
  readonly declines?: readonly DeclineCode[];
  /** Runs the flow; answers the id of the object the event asked for is about. */
  readonly run: (step: FlowStep) => string | number;
}

const SECOND_MS = 1000;
const PAYS = cardThat('succeeded');
const AUTHORIZES = cardThat('authorized');
const RENEWALS_DECLINE = cardThat('succeeded', 'renewals_decline');

/** The declines of the test cards the shopper may retry after (`retryable`), or may not. */
const declinesOf = (retryable: boolean): DeclineCode[] =>
  TEST_CARDS.flatMap((card) =>
    card.decline_code !== null && card.retryable === retryable ? [card.decline_code] : [],
  );

const ORDER_REQUESTS = ['checkout', 'product', 'payment'] as const;
const OF_ORDER = ['product', 'customer', 'order'] as const satisfies readonly ObjectName[];
const OF_CHECKOUT = ['product', 'customer'] as const satisfies readonly ObjectName[];

/** A flow whose main request is the checkout: it pays (or declines) a session for a product. */
const checkoutFlow = (
  does: string,
  run: TriggerFlow['run'],
  {
    objects = OF_CHECKOUT,
    requests = ORDER_REQUESTS,
  }: { objects?: readonly ObjectName[]; requests?: readonly TriggerRequestName[] } = {},
): TriggerFlow => ({ main: 'checkout', requests, objects, does, run });

/** A flow of a paid order's refund (the main request), settled by `settle` when given. */
const refundFlow = (does: string, settle?: typeof succeedRefund): TriggerFlow => ({
  main: 'refund',
  requests: ['refund', ...ORDER_REQUESTS],
  objects: OF_ORDER,
  does,
  run(step) {
    const id = refund(step);
    if (settle !== undefined) step.act(settle, id);
    return id;
  },
});

/** A flow whose main request is a payment link, for a product and a customer. */
const linkFlow = (
  does: string,
  run: TriggerFlow['run'],
  extra: readonly TriggerRequestName[] = [],
): TriggerFlow => ({
  main: 'payment_link',
  requests: ['payment_link', 'product', ...extra],
  objects: OF_CHECKOUT,
  does,
  run,
});

/** A flow of a subscription started by paying a subscription link (the main request), or the one given. */
const subscriptionFlow = (
  does: string,
  run: TriggerFlow['run'],
  extra: readonly TriggerRequestName[] = [],
): TriggerFlow => ({
  main: 'payment_link',
  requests: ['payment_link', 'product', 'payment', ...extra],
  objects: ['product', 'customer', 'subscription'],
  does,
  run,
});

/** Cancels the given or a new subscription, at once or at the end of its period. */
function cancelled(step: FlowStep, atPeriodEnd: boolean): string {
  const id = subscription(step, payingCard(step, PAYS, false));
  step.send('subscription_cancel', cancelSubscription, { cancel_at_period_end: atPeriodEnd }, id);
  return id;
}

/** A refund of the given or a new order (the `refund` request). */
function refund(step: FlowStep): string {
  const paid = order(step);
  const created = step.send('refund', createRefund, { order_id: paid.id, reason: 'customer_request' });
  step.made('refund', created.id);
  return created.id;
}

/** A dispute opened on the given or a new order (the `dispute` request). */
function dispute(step: FlowStep): string {
  const paid = order(step);
  const opened = step.send('dispute', openDispute, {}, paid.id);
  step.made('dispute', opened.id);
  return opened.id;
}

/**
 * The given subscription, or a new daily one (the `payment_link` request, `extra` over it) paid by
 * the given customer's saved card or `card`; a payment that starts none stops the flow.
 */
function subscription(step: FlowStep, card: string, extra: Record<string, unknown> = {}): string {
  if (step.objects.subscription !== undefined) {
    step.made('subscription', step.objects.subscription);
    return step.objects.subscription;
  }
  const link = paymentLink(step, {
    payment_type: 'subscription',
    subscription: { interval: 'daily', ...extra },
  });
  const paid = payLink(step, link.id, card);
  const records = step.context.engine.store.modes[step.context.mode].subscriptions;
  const started = [...records.newestFirst()].find(
    (record) => record.subscription.payment_link_id === link.id,
  );
  if (started === undefined) {
    return step.stop(
      refusal(
        'conflict',
        `The trigger's payment started no subscription (${paid.payment.decline_code ?? paid.payment.outcome}).`,
        { param: 'payment' },
      ),
    );
  }
  step.made('subscription', started.subscription.id);
  return started.subscription.id;
}

/**
 * A new checkout session paid with the test card of the decline asked for (the flow's own by default),
 * on a cart where that card declines: a regular item for a card that pays only the HSA/FSA-eligible
 * part, the eligible sample item otherwise. Answers the session's id.
 */
function declinedCheckout(step: FlowStep, own: DeclineCode): string {
  const card = cardDeclining(step.decline ?? own);
  const session = checkout(step, card.pays_only === 'hsa_fsa' ? 'regular' : 'eligible');
  payWith(step, session.checkout_id, card.number);
  return session.checkout_id;
}

/**
 * A flow that pays a checkout session with a declining card: `own` by default, or any decline of the
 * test cards the shopper may (`retryable`) or may not retry after, asked for with `decline`.
 */
const declinedFlow = (does: string, own: DeclineCode, retryable: boolean): TriggerFlow => ({
  ...checkoutFlow(does, (step) => declinedCheckout(step, own)),
  declines: [own, ...declinesOf(retryable).filter((code) => code !== own)],
});

/** Moves the clock just past when the subscription's next charge (or retry) is due. */
function pastNextCharge(step: FlowStep, id: string): void {
  const record = step.context.engine.store.modes[step.context.mode].subscriptions.get(id);
  const due = record === undefined ? undefined : subscriptionDueAt(record.state);
  if (due !== undefined) step.advanceTo(Date.parse(due) + SECOND_MS);
}

/** Every event type, with the flow that triggers it. */
export const TRIGGER_FLOWS: Readonly<Record<EventType, TriggerFlow>> = {
  'product.created': {
    main: 'product',
    requests: ['product'],
    objects: [],
    does: 'creates a product',
    run: (step) => product(step).id,
  },
  'product.updated': {
    main: 'product_update',
    requests: ['product_update', 'product'],
    objects: ['product'],
    does: 'updates a product (its price, by default)',
    run(step) {
      const item = product(step);
      step.send('product_update', updateProduct, { price: item.price + 100 }, String(item.id));
      return item.id;
    },
  },
  'order.created': checkoutFlow('pays a checkout session', (step) => paidOrder(step).id),
  'order.completed': checkoutFlow(
    'pays a checkout session, or captures the given authorized order',
    (step) =>
      step.objects.order === undefined ? paidOrder(step).id : step.act(captureOrder, step.objects.order).id,
    { objects: OF_ORDER },
  ),
  'order.failed': checkoutFlow(
    'pays a checkout session with the authorizing card, then fails the order (or fails the given authorized order)',
    (step) => step.send('order_fail', failOrder, {}, step.objects.order ?? paidOrder(step, AUTHORIZES).id).id,
    { objects: OF_ORDER, requests: [...ORDER_REQUESTS, 'order_fail'] },
  ),
  'payment.failed': declinedFlow(
    'pays a checkout session with a declining card (retryable; --decline picks which)',
    'card_declined',
    true,
  ),
  'checkout.failed': declinedFlow(
    'pays a checkout session with the hard-declining card',
    'hard_decline',
    false,
  ),
  'checkout.expired': checkoutFlow(
    'creates a checkout session and moves the clock past its expiry (24 hours)',
    (step) => {
      const session = checkout(step);
      step.advanceTo(Date.parse(session.expires_at) + SECOND_MS);
      return session.checkout_id;
    },
    { requests: ['checkout', 'product'] },
  ),
  'refund.created': refundFlow('refunds a paid order (the whole amount, by default)'),
  'refund.succeeded': refundFlow('refunds a paid order, then settles the refund as succeeded', succeedRefund),
  'refund.failed': refundFlow('refunds a paid order, then settles the refund as failed', failRefund),
  'dispute.created': {
    main: 'dispute',
    requests: ['dispute', ...ORDER_REQUESTS],
    objects: OF_ORDER,
    does: 'opens a dispute on a paid order',
    run: dispute,
  },
  'dispute.closed': {
    main: 'dispute_close',
    requests: ['dispute_close', 'dispute', ...ORDER_REQUESTS],
    objects: OF_ORDER,
    does: 'opens a dispute on a paid order, then closes it (won, by default)',
    run(step) {
      const id = dispute(step);
      step.send('dispute_close', closeDispute, { outcome: 'won' }, id);
      return id;
    },
  },
  'payment_link.created': linkFlow('creates a payment link', (step) => paymentLink(step).id),
  'payment_link.paid': linkFlow(
    'creates a payment link and pays it',
    (step) => {
      const link = paymentLink(step);
      payLink(step, link.id, payingCard(step, PAYS, false));
      return link.id;
    },
    ['payment'],
  ),
  'payment_link.cancelled': linkFlow(
    'creates a payment link and cancels it',
    (step) => {
      const link = paymentLink(step);
      step.send('payment_link_cancel', cancelPaymentLink, {}, link.id);
      return link.id;
    },
    ['payment_link_cancel'],
  ),
  'payment_link.expired': linkFlow(
    'creates a payment link expiring in a minute and moves the clock past it',
    (step) => {
      const expiresAt = new Date(step.context.engine.now().getTime() + 60 * SECOND_MS).toISOString();
      const link = paymentLink(step, { expires_at: expiresAt });
      step.advanceTo(Date.parse(link.expires_at) + SECOND_MS);
      return link.id;
    },
  ),
  'subscription.payment_succeeded': subscriptionFlow(
    'pays a daily subscription link (or moves the given subscription past its next charge)',
    (step) => {
      const given = step.objects.subscription !== undefined;
      const id = subscription(step, payingCard(step, PAYS, false));
      if (given) pastNextCharge(step, id);
      return id;
    },
  ),
  'subscription.trial_ending': subscriptionFlow(
    'pays a daily subscription link with a 7-day trial and moves the clock to 3 days before the trial ends (or does so for the given trialing subscription)',
    (step) => {
      const id = subscription(step, payingCard(step, PAYS, false), { trial_period_days: 7 });
      const record = step.context.engine.store.modes[step.context.mode].subscriptions.get(id);
      const notice = record === undefined ? undefined : subscriptionTrialEndingAt(record.state);
      if (notice !== undefined) step.advanceTo(Date.parse(notice) + SECOND_MS);
      return id;
    },
  ),
  'subscription.payment_failed': subscriptionFlow(
    "pays a daily subscription link with the card whose renewals decline and moves the clock past the first renewal (or past the given subscription's next charge)",
    (step) => {
      const id = subscription(step, RENEWALS_DECLINE);
      pastNextCharge(step, id);
      return id;
    },
  ),
  'subscription.updated': subscriptionFlow(
    'cancels a new (or the given) subscription at the end of its period',
    (step) => cancelled(step, true),
    ['subscription_cancel'],
  ),
  'subscription.cancelled': subscriptionFlow(
    'cancels a new (or the given) subscription at once',
    (step) => cancelled(step, false),
    ['subscription_cancel'],
  ),
};
