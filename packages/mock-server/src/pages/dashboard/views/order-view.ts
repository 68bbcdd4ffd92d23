import type { Mode, Order } from '@glm/domain';
import type { Engine } from '../../../core/engine.ts';
import { type Html, html } from '../../kit/html.ts';
import { badge, checkoutHref, idLink, postButton, time } from '../parts.ts';
import {
  amountsSection,
  customerSection,
  eventsSection,
  historySection,
  itemsSection,
  paymentSection,
  section,
  trailSections,
} from './order-sections.ts';
import { eventsAbout, orderTrail } from './order-trail.ts';

/** The ids whose events belong on an order's page: the order, its session, refunds, disputes, subscription. */
export function orderEventIds(order: Order, trail: ReturnType<typeof orderTrail>): Set<string> {
  return new Set(
    [
      order.id,
      order.checkout_id,
      order.subscription_id,
      ...trail.refunds.map((refund) => refund.id),
      ...trail.disputes.map((dispute) => dispute.id),
    ].filter((id): id is string => typeof id === 'string'),
  );
}

/**
 * An order's detail view: summary, customer, items, amounts per card, status history, payment, refunds,
 * disputes, its subscription (with cancel), and the events about it with their webhook deliveries.
 */
export function orderDetailView(engine: Engine, mode: Mode, order: Order): Html {
  const trail = orderTrail(engine, mode, order);
  const here = `/dashboard/orders/${encodeURIComponent(order.id)}`;
  const summary = section(
    'summary-heading',
    'Summary',
    html`<dl class="facts">
<dt>Order</dt><dd class="mono">${order.id}</dd>
<dt>Status</dt><dd>${badge(order.status)} ${badge(order.payment_status)}</dd>
<dt>Mode</dt><dd>${order.test_mode ? 'test' : 'live'}</dd>
<dt>Created</dt><dd>${time(order.created_at)}</dd>
<dt>Completed</dt><dd>${time(order.completed_at)}</dd>
<dt>Checkout session</dt><dd>${order.checkout_id === null || order.checkout_id === undefined ? '—' : idLink(order.checkout_id, checkoutHref(order.checkout_id, mode))}</dd>
<dt>Reference</dt><dd>${order.reference_id ?? order.client_reference_id ?? '—'}</dd>
<dt>Payment link</dt><dd class="mono">${order.payment_link_id ?? '—'}</dd>
<dt>Renewal</dt><dd>${order.is_recurring === true ? 'yes, a subscription period' : 'no'}</dd>
</dl>`,
    'summary',
  );
  return html`<div class="detail-grid" data-order-id="${order.id}">${summary}${customerSection(order.customer)}</div>
${authorizedSection(order, mode, here)}${itemsSection(order)}
<div class="detail-grid">${amountsSection({
    subtotal: order.amounts.subtotal_cents,
    shipping: order.amounts.shipping_cents,
    tax: order.amounts.tax_cents,
    discount: order.amounts.discount_cents,
    total: order.amounts.total_cents,
    hsaFsa: order.amounts.hsa_fsa_amount_cents,
    regular: order.amounts.regular_amount_cents,
  })}${paymentSection(order)}${historySection(order)}</div>
${trailSections(trail, mode, here)}
${eventsSection(eventsAbout(engine, mode, orderEventIds(order, trail)), mode, here)}`;
}

/**
 * What a test-mode order whose payment is only authorized (paid with `4000000000000200`) waits for:
 * the capture or the failure of its payment, a button each (the test helpers of the same name).
 */
function authorizedSection(order: Order, mode: Mode, here: string): Html {
  if (mode !== 'test' || order.payment_status !== 'authorized' || order.status !== 'processing')
    return html``;
  const path = `/dashboard/orders/${encodeURIComponent(order.id)}`;
  return section(
    'authorized-heading',
    'Waiting for capture',
    html`<p>The payment is authorized, not captured: the order stays processing until the payment is captured (order.completed) or fails (order.failed).</p>
<div class="actions">${postButton({ action: `${path}/capture`, mode, label: 'Capture payment', className: 'primary', name: `Capture the payment of ${order.id}`, returnTo: here })}${postButton({ action: `${path}/fail`, mode, label: 'Fail payment', className: 'danger', name: `Fail the payment of ${order.id}`, returnTo: here })}</div>`,
    'authorized',
  );
}
