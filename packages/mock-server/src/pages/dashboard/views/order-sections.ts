import type { Dispute, Mode, Order, OrderAddress, OrderCustomer, Refund } from '@glm/domain';
import { type Html, html } from '../../kit/html.ts';
import { badge, money, type NumericHead, num, orderHref, table, time } from '../parts.ts';
import { deliveriesTable } from './delivery-parts.ts';
import type { EventWithDeliveries, OrderTrail } from './order-trail.ts';
import { cancelForm, subscriptionFacts } from './subscription-parts.ts';

/** A titled card of a detail view; `live` marks it for the live updates. */
export const section = (id: string, title: string, content: Html | readonly Html[], live?: string): Html =>
  html`<section class="card" aria-labelledby="${id}"${live === undefined ? '' : html` data-live="${live}"`}><h2 id="${id}">${title}</h2>${content}</section>`;

const address = (value: OrderAddress | null | undefined): string =>
  value === null || value === undefined
    ? '—'
    : [
        value.address_line_1,
        value.address_line_2,
        `${value.city}, ${value.state} ${value.zip}`,
        value.country,
      ]
        .filter((part) => part !== null && part !== undefined && part !== '')
        .join(', ');

/**
 * Who a detail view shows: an order's customer, or a session's shopper, who has no customer id (nor,
 * when not given, a phone) until an order records them.
 */
export type ShownCustomer = Omit<OrderCustomer, 'id' | 'phone'> & {
  readonly id?: string | undefined;
  readonly phone?: string | null | undefined;
};

/** The customer card of a detail view: name, e-mail, phone, customer id, addresses. */
export function customerSection(customer: ShownCustomer): Html {
  return section(
    'customer-heading',
    'Customer',
    html`<dl class="facts">
<dt>Name</dt><dd>${customer.first_name} ${customer.last_name}</dd>
<dt>E-mail</dt><dd>${customer.email}</dd>
<dt>Phone</dt><dd>${customer.phone ?? '—'}</dd>
<dt>Customer id</dt><dd class="mono">${customer.id ?? '—'}</dd>
<dt>Shipping</dt><dd>${address(customer.shipping_address)}</dd>
<dt>Billing</dt><dd>${address(customer.billing_address)}</dd>
</dl>`,
  );
}

/** The order's line items with their eligibility. */
export function itemsSection(order: Order): Html {
  const rows = order.line_items.map(
    (item) => html`<tr><td>${item.name}<br><span class="mono muted">${item.merchant_product_id}</span></td>
<td>${item.is_hsa_eligible ? badge('eligible') : badge('regular')}${item.eligibility_type === null ? '' : html` <span class="muted">${item.eligibility_type}</span>`}</td>
<td class="num">${item.quantity}</td><td class="num">${money(item.price_cents)}</td><td class="num">${money(item.price_cents * item.quantity)}</td></tr>`,
  );
  return section(
    'items-heading',
    'Items',
    table(
      'Line items',
      ['Item', 'HSA/FSA', num('Quantity'), num('Price'), num('Line total')],
      rows,
      'No items.',
    ),
  );
}

/** Amounts in cents as a list: the parts, the total, and what each card is charged. */
export interface CardAmounts {
  /** Items before shipping, tax and discount. */
  readonly subtotal: number;
  /** Shipping. */
  readonly shipping: number;
  /** Tax. */
  readonly tax: number;
  /** Discount. */
  readonly discount: number;
  /** What the shopper pays. */
  readonly total: number;
  /** The HSA/FSA card's part. */
  readonly hsaFsa: number;
  /** The regular card's part. */
  readonly regular: number;
}

/** The amounts card of a detail view (an order's or a checkout session's). */
export function amountsSection(amounts: CardAmounts): Html {
  return section(
    'amounts-heading',
    'Amounts',
    html`<dl class="amounts">
<dt>Subtotal</dt><dd>${money(amounts.subtotal)}</dd>
<dt>Shipping</dt><dd>${money(amounts.shipping)}</dd>
<dt>Tax</dt><dd>${money(amounts.tax)}</dd>
<dt>Discount</dt><dd>${amounts.discount === 0 ? money(0) : `−${money(amounts.discount)}`}</dd>
<dt class="total">Total</dt><dd class="total">${money(amounts.total)}</dd>
<dt>HSA/FSA card</dt><dd data-amount="hsa_fsa">${money(amounts.hsaFsa)}</dd>
<dt>Regular card</dt><dd data-amount="regular">${money(amounts.regular)}</dd>
</dl>`,
  );
}

/** The order's status history, oldest first. */
export function historySection(order: Order): Html {
  return section(
    'history-heading',
    'Status history',
    html`<ol class="history">${order.status_history.map(
      (entry) =>
        html`<li>${badge(entry.status)} ${time(entry.timestamp)}${entry.reason === null || entry.reason === undefined ? '' : html` <span class="muted">${entry.reason}</span>`}</li>`,
    )}</ol>`,
    'history',
  );
}

/** How the order was paid: the card, its payment method, the capture. */
export function paymentSection(order: Order): Html {
  const { payment } = order;
  return section(
    'payment-heading',
    'Payment',
    payment === null
      ? html`<p class="muted">No payment.</p>`
      : html`<dl class="facts">
<dt>Payment status</dt><dd>${badge(order.payment_status)}</dd>
<dt>Payment</dt><dd class="mono">${payment.payment_id}</dd>
<dt>Method</dt><dd>${payment.payment_method}</dd>
<dt>Card</dt><dd>${payment.brand} ···· ${payment.last4}</dd>
<dt>Payment method id</dt><dd class="mono">${payment.payment_method_id ?? '—'}</dd>
<dt>Captured</dt><dd>${time(payment.captured_at)}</dd>
</dl>`,
    'payment',
  );
}

/** Refunds as rows, each with its split between the two cards. */
export function refundRows(refunds: readonly Refund[], mode: Mode, withOrder: boolean): Html[] {
  return refunds.map(
    (refund) => html`<tr data-refund-id="${refund.id}"><td class="mono">${refund.id}</td>${
      withOrder
        ? html`<td><a class="mono" href="${orderHref(refund.order_id, mode)}">${refund.order_id}</a></td>`
        : ''
    }<td>${badge(refund.status)}</td><td>${refund.reason}</td><td class="num">${money(refund.amount_cents)}</td>
<td class="num">${money(refund.refund_breakdown.hsa_fsa_amount_cents)}</td><td class="num">${money(refund.refund_breakdown.regular_amount_cents)}</td>
<td>${time(refund.created_at)}</td><td>${time(refund.processed_at)}</td></tr>`,
  );
}

/** The head of a refunds table. */
export const refundHead = (withOrder: boolean): (string | NumericHead)[] => [
  'Refund',
  ...(withOrder ? ['Order'] : []),
  'Status',
  'Reason',
  num('Amount'),
  num('HSA/FSA card'),
  num('Regular card'),
  'Created',
  'Processed',
];

/** Disputes as rows. */
export function disputeRows(disputes: readonly Dispute[], mode: Mode, withOrder: boolean): Html[] {
  return disputes.map(
    (dispute) => html`<tr data-dispute-id="${dispute.id}"><td class="mono">${dispute.id}</td>${
      withOrder
        ? html`<td><a class="mono" href="${orderHref(dispute.order_id, mode)}">${dispute.order_id}</a></td>`
        : ''
    }<td>${badge(dispute.status)}</td><td>${dispute.reason ?? '—'}</td><td class="num">${money(dispute.amount_cents)}</td>
<td>${time(dispute.evidence_due_by)}</td><td>${time(dispute.created_at)}</td><td>${time(dispute.closed_at)}</td></tr>`,
  );
}

/** The head of a disputes table. */
export const disputeHead = (withOrder: boolean): (string | NumericHead)[] => [
  'Dispute',
  ...(withOrder ? ['Order'] : []),
  'Status',
  'Reason',
  num('Amount'),
  'Evidence due',
  'Opened',
  'Closed',
];

/** The order's refunds, disputes and subscription (with its cancel form). */
export function trailSections(trail: OrderTrail, mode: Mode, returnTo: string): Html {
  return html`${section(
    'refunds-heading',
    'Refunds',
    table('Refunds, oldest first', refundHead(false), refundRows(trail.refunds, mode, false), 'No refunds.'),
    'refunds',
  )}${section(
    'disputes-heading',
    'Disputes',
    table(
      'Disputes, oldest first',
      disputeHead(false),
      disputeRows(trail.disputes, mode, false),
      'No disputes.',
    ),
    'disputes',
  )}${section(
    'subscription-heading',
    'Subscription',
    trail.subscription === undefined
      ? html`<p class="muted">Not part of a subscription.</p>`
      : html`${subscriptionFacts(trail.subscription)}${cancelForm(trail.subscription, mode, returnTo)}`,
    'subscription',
  )}`;
}

/** The events about the object, oldest first, each with its webhook deliveries and Resend. */
export function eventsSection(events: readonly EventWithDeliveries[], mode: Mode, returnTo: string): Html {
  const items = events.map(
    ({
      event,
      deliveries,
    }) => html`<article class="event" data-event-id="${event.id}" aria-labelledby="event-${event.id}">
<h3 id="event-${event.id}">${event.type}</h3>
<p class="muted"><span class="mono">${event.id}</span> · ${time(event.created_at)}</p>
${
  deliveries.length === 0
    ? html`<p class="muted">No webhook delivery (no endpoint subscribed to it).</p>`
    : deliveriesTable(
        deliveries,
        mode,
        { showEvent: false, showUrl: true, returnTo },
        `Deliveries of ${event.type}`,
      )
}</article>`,
  );
  return section(
    'events-heading',
    'Events and webhook deliveries',
    items.length === 0 ? html`<p class="muted">No events.</p>` : items,
    'events',
  );
}
