import type { Mode } from '@glm/domain';
import type { Engine } from '../../../core/engine.ts';
import type { CheckoutRecord } from '../../../core/store/store.ts';
import { type Html, html } from '../../kit/html.ts';
import { badge, idLink, money, num, orderHref, table, time } from '../parts.ts';
import {
  amountsSection,
  customerSection,
  eventsSection,
  paymentSection,
  section,
  trailSections,
} from './order-sections.ts';
import { eventsAbout, orderTrail } from './order-trail.ts';
import { orderEventIds } from './order-view.ts';

/**
 * A checkout session's detail view: summary, shopper, items, amounts per card, the moments its status
 * changed, and, once paid, its order's payment, refunds, disputes and subscription; the events about it
 * with their webhook deliveries.
 */
export function checkoutDetailView(engine: Engine, mode: Mode, record: CheckoutRecord): Html {
  const { session } = record;
  const here = `/dashboard/checkouts/${encodeURIComponent(session.checkout_id)}`;
  const order =
    session.order_id === null || session.order_id === undefined
      ? undefined
      : engine.store.modes[mode].orders.get(session.order_id);
  const trail = order === undefined ? undefined : orderTrail(engine, mode, order);
  const terms = session.subscription;
  const summary = section(
    'summary-heading',
    'Summary',
    html`<dl class="facts">
<dt>Checkout session</dt><dd class="mono">${session.checkout_id}</dd>
<dt>Status</dt><dd>${badge(session.status)}</dd>
<dt>Cart</dt><dd>${badge(session.type)}</dd>
<dt>Reference</dt><dd>${session.reference_id}</dd>
<dt>Order</dt><dd>${order === undefined ? '—' : idLink(order.id, orderHref(order.id, mode))}</dd>
<dt>Payment link</dt><dd class="mono">${record.paymentLinkId ?? '—'}</dd>
<dt>Payment</dt><dd>${session.payment_type ?? 'one_time'}${terms === null || terms === undefined ? '' : ` · every ${terms.interval_count} ${terms.interval}${terms.trial_period_days ? ` · ${terms.trial_period_days}-day trial` : ''}`}</dd>
<dt>Success URL</dt><dd class="mono">${session.success_url}</dd>
<dt>Failure URL</dt><dd class="mono">${session.failure_url}</dd>
</dl>`,
    'summary',
  );
  const { amounts } = session;
  const shopper = customerSection({
    ...session.customer,
    ...(order?.customer.id === undefined ? {} : { id: order.customer.id }),
    shipping_address: record.shipping,
    billing_address: record.billing,
  });
  const items = section(
    'items-heading',
    'Items',
    table(
      'Line items',
      ['Item', 'HSA/FSA', num('Quantity'), num('Price'), num('Line total')],
      session.line_items.map(
        (item) => html`<tr><td>${item.name}<br><span class="mono muted">${item.product_id}</span></td>
<td>${item.is_hsa_fsa_eligible ? badge('eligible') : badge('regular')}</td><td class="num">${item.quantity}</td>
<td class="num">${money(item.price, item.currency)}</td><td class="num">${money(item.price * item.quantity, item.currency)}</td></tr>`,
      ),
      'No items.',
    ),
  );
  const sums = amountsSection({
    subtotal: amounts.subtotal,
    shipping: amounts.shipping,
    tax: amounts.tax,
    discount: amounts.discount,
    total: amounts.total,
    hsaFsa: amounts.hsa_amount,
    regular: amounts.regular_amount,
  });
  const moments: [string, string | null | undefined][] = [
    ['open', session.created_at],
    ['paid', session.paid_at],
    ['expired', session.expired_at],
  ];
  const history = section(
    'history-heading',
    'Status history',
    html`<ol class="history">${moments
      .filter(([, at]) => at !== null && at !== undefined)
      .map(([status, at]) => html`<li>${badge(status)} ${time(at)}</li>`)}</ol>
<p class="muted">Expires ${time(session.expires_at)}</p>`,
    'history',
  );
  const ids =
    order === undefined || trail === undefined ? new Set([session.checkout_id]) : orderEventIds(order, trail);
  return html`<div class="detail-grid" data-checkout-id="${session.checkout_id}">${summary}${shopper}</div>
${items}
<div class="detail-grid">${sums}${history}${order === undefined ? '' : paymentSection(order)}</div>
${trail === undefined ? '' : trailSections(trail, mode, here)}
${eventsSection(eventsAbout(engine, mode, ids), mode, here)}`;
}
