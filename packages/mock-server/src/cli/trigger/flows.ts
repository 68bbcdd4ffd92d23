import type { EventType } from '@glm/domain';
import {
  SUCCEEDING_CARD,
  sampleCheckout,
  samplePaymentLink,
  sampleProduct,
  sampleShopper,
} from '../sample-requests.ts';

/** A JSON object as the API answers it. */
type Json = Record<string, unknown>;

/** What a flow drives the server with: one API call (a non-2xx answer throws) and a record of what it created. */
interface FlowContext {
  /** Calls `method path` under `/v2` with a JSON body; answers the envelope's `data`. */
  call(method: 'GET' | 'POST' | 'PUT', path: string, body?: Json): Promise<Json>;
  /** Records (and prints) an object the flow created. */
  created(kind: string, id: string): void;
  /** A short suffix that keeps this run's merchant ids and e-mails apart from earlier runs. */
  readonly unique: string;
}

/** A flow: drives the server until its event fires; answers the id the event's data must carry. */
export type Flow = (context: FlowContext) => Promise<string>;

const SUCCEEDS = SUCCEEDING_CARD;
const DECLINED = '4000000000000002';
const HARD_DECLINE = '4000000000000069';
const RENEWAL_DECLINES = '4000000000000341';
const DAY_SECONDS = 24 * 3600;

const text = (value: unknown): string =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
const object = (value: unknown): Json => (typeof value === 'object' && value !== null ? (value as Json) : {});

const advance = (context: FlowContext, seconds: number): Promise<Json> =>
  context.call('POST', '/test_helpers/clock/advance', { seconds });

async function product(context: FlowContext): Promise<Json> {
  const created = await context.call('POST', '/products', sampleProduct(`trigger-${context.unique}`));
  context.created('product', text(created['id']));
  return created;
}

async function checkout(context: FlowContext): Promise<string> {
  const item = await product(context);
  const session = await context.call(
    'POST',
    '/checkout',
    sampleCheckout(`trigger-${context.unique}`, text(item['merchant_product_id']), text(item['name'])),
  );
  const id = text(session['checkout_id']);
  context.created('checkout', id);
  return id;
}

async function payCheckout(context: FlowContext, card: string): Promise<{ checkout: string; order: string }> {
  const checkoutId = await checkout(context);
  const attempt = await context.call('POST', `/test_helpers/checkout/${checkoutId}/pay`, {
    card_number: card,
    hsa_card_number: card,
  });
  const order = text(object(attempt['order'])['id']);
  if (order !== '') context.created('order', order);
  return { checkout: checkoutId, order };
}

const paidOrder = async (context: FlowContext): Promise<string> =>
  (await payCheckout(context, SUCCEEDS)).order;

async function refund(context: FlowContext): Promise<string> {
  const order = await paidOrder(context);
  const created = await context.call('POST', '/refunds', { order_id: order, reason: 'customer_request' });
  const id = text(created['id']);
  context.created('refund', id);
  return id;
}

async function settleRefund(context: FlowContext, outcome: 'succeed' | 'fail'): Promise<string> {
  const id = await refund(context);
  await context.call('POST', `/test_helpers/refunds/${id}/${outcome}`, {});
  return id;
}

async function dispute(context: FlowContext): Promise<string> {
  const order = await paidOrder(context);
  const opened = await context.call('POST', `/test_helpers/orders/${order}/dispute`, {});
  const id = text(opened['id']);
  context.created('dispute', id);
  return id;
}

async function paymentLink(context: FlowContext, overrides: Json = {}): Promise<string> {
  const link = await context.call('POST', '/payment-links', samplePaymentLink(overrides));
  const id = text(link['id']);
  context.created('payment_link', id);
  return id;
}

async function payLink(context: FlowContext, id: string, card: string): Promise<Json> {
  const paid = await context.call('POST', `/test_helpers/payment-links/${id}/pay`, {
    card_number: card,
    hsa_card_number: card,
    customer: sampleShopper(`trigger-${context.unique}`),
  });
  const order = text(object(paid['order'])['id']);
  if (order !== '') context.created('order', order);
  return paid;
}

async function expiredLink(context: FlowContext): Promise<string> {
  const clock = await context.call('GET', '/test_helpers/clock');
  const expiresAt = new Date(Date.parse(text(clock['now'])) + 60_000).toISOString();
  const id = await paymentLink(context, { expires_at: expiresAt });
  await advance(context, 61);
  return id;
}

/** A subscription started by paying a subscription payment link (daily, so renewals come within a day). */
async function subscription(context: FlowContext, card = SUCCEEDS, trialDays?: number): Promise<string> {
  const link = await paymentLink(context, {
    payment_type: 'subscription',
    subscription: { interval: 'daily', ...(trialDays === undefined ? {} : { trial_period_days: trialDays }) },
  });
  const paid = await payLink(context, link, card);
  let id = text(object(paid['order'])['subscription_id']);
  if (id === '') {
    // With a trial nothing is charged yet: the newest subscription is the one this payment started.
    const list: unknown = await context.call('GET', '/test_helpers/subscriptions?limit=1');
    id = text(object(Array.isArray(list) ? list[0] : undefined)['id']);
  }
  context.created('subscription', id);
  return id;
}

async function cancelSubscription(context: FlowContext, atPeriodEnd: boolean): Promise<string> {
  const id = await subscription(context);
  await context.call('POST', `/subscriptions/${id}/cancel`, { cancel_at_period_end: atPeriodEnd });
  return id;
}

/**
 * Every event type the CLI can fire, each with the flow that fires it (and the events before it).
 * `order.failed` is missing: no flow of the server emits it (a declined payment or renewal creates no order).
 */
export const TRIGGER_FLOWS: Readonly<Partial<Record<EventType, Flow>>> = {
  // A product's id is a number: the event is found by the product's unique merchant id instead.
  'product.created': async (context) => text((await product(context))['merchant_product_id']),
  'product.updated': async (context) => {
    const created = await product(context);
    await context.call('PUT', `/products/${text(created['id'])}`, { price: 1599 });
    return text(created['merchant_product_id']);
  },
  'order.created': paidOrder,
  'order.completed': paidOrder,
  'payment.failed': async (context) => (await payCheckout(context, DECLINED)).checkout,
  'checkout.failed': async (context) => (await payCheckout(context, HARD_DECLINE)).checkout,
  'checkout.expired': async (context) => {
    const id = await checkout(context);
    await advance(context, DAY_SECONDS + 60);
    return id;
  },
  'refund.created': refund,
  'refund.succeeded': (context) => settleRefund(context, 'succeed'),
  'refund.failed': (context) => settleRefund(context, 'fail'),
  'dispute.created': dispute,
  'dispute.closed': async (context) => {
    const id = await dispute(context);
    await context.call('POST', `/test_helpers/disputes/${id}/close`, { outcome: 'won' });
    return id;
  },
  'payment_link.created': (context) => paymentLink(context),
  'payment_link.paid': async (context) => {
    const id = await paymentLink(context);
    await payLink(context, id, SUCCEEDS);
    return id;
  },
  'payment_link.cancelled': async (context) => {
    const id = await paymentLink(context);
    await context.call('POST', `/payment-links/${id}/cancel`, {});
    return id;
  },
  'payment_link.expired': expiredLink,
  'subscription.payment_succeeded': (context) => subscription(context),
  'subscription.trial_ending': async (context) => {
    const id = await subscription(context, SUCCEEDS, 7);
    await advance(context, 4 * DAY_SECONDS + 60);
    return id;
  },
  'subscription.payment_failed': async (context) => {
    const id = await subscription(context, RENEWAL_DECLINES);
    await advance(context, DAY_SECONDS + 60);
    return id;
  },
  'subscription.updated': (context) => cancelSubscription(context, true),
  'subscription.cancelled': (context) => cancelSubscription(context, false),
};

/** The event types `glm-mock trigger` can fire, in the domain's order. */
export const triggerableTypes = (all: readonly EventType[]): EventType[] =>
  all.filter((type) => TRIGGER_FLOWS[type] !== undefined);

/** A failure of a trigger run, said in one line: exit code 2 for refusals and an unreachable server, 1 for a failed flow. */
export class TriggerFailure extends Error {
  /** The exit code the CLI ends with. */
  readonly exitCode: number;

  constructor(message: string, exitCode: number) {
    super(message);
    this.exitCode = exitCode;
  }
}

/** Where `runTrigger` sends requests and prints what it created. */
export interface TriggerTarget {
  /** The server's base URL, without the version prefix. */
  readonly baseUrl: string;
  /** A test key. */
  readonly key: string;
  /** Prints one line. */
  readonly print: (line: string) => void;
}

/**
 * Runs the flow of `type` against a running server over plain HTTP, prints each object it created
 * (`<kind> <id>`), then confirms through `GET /v2/test_helpers/events?type=` that the event fired
 * and prints `event <type> <evt_id>`; answers the event id.
 */
export async function runTrigger(type: EventType, target: TriggerTarget): Promise<string> {
  const flow = TRIGGER_FLOWS[type];
  if (flow === undefined)
    throw new TriggerFailure(`${type} cannot be triggered: no flow of the server emits it`, 2);
  const base = target.baseUrl.replace(/\/+$/, '');
  const call: FlowContext['call'] = async (method, path, body) => {
    let response: Response;
    try {
      response = await fetch(`${base}/v2${path}`, {
        method,
        headers: {
          authorization: `Bearer ${target.key}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    } catch (error) {
      // fetch fails with "fetch failed"; the reason (ECONNREFUSED, a DNS error) is its cause, whose message
      // may be empty when it aggregates several addresses: then its code says it.
      const reason = error instanceof Error ? error.cause : undefined;
      const cause =
        reason instanceof Error
          ? reason.message || text((reason as Error & { code?: unknown }).code) || String(error)
          : String(error);
      throw new TriggerFailure(`cannot reach ${base}: ${cause}`, 2);
    }
    const json = object(await response.json().catch(() => ({})));
    if (!response.ok) {
      const problem = object(json['error']);
      const message = text(problem['message']) || response.statusText;
      const code = response.status === 401 || response.status === 403 ? 2 : 1;
      throw new TriggerFailure(`${method} /v2${path} answered ${response.status}: ${message}`, code);
    }
    return (json['data'] ?? json) as Json;
  };
  const subject = await flow({
    call,
    created: (kind, id) => target.print(`${kind} ${id}`),
    unique: `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`,
  });
  const events = await call('GET', `/test_helpers/events?type=${encodeURIComponent(type)}&limit=100`);
  const list = Array.isArray(events) ? (events as unknown[]).map(object) : [];
  const fired = list.find((event) => JSON.stringify(event['data']).includes(subject));
  if (fired === undefined) throw new TriggerFailure(`the flow ran but no ${type} event names ${subject}`, 1);
  const id = text(fired['id']);
  target.print(`event ${type} ${id}`);
  return id;
}
