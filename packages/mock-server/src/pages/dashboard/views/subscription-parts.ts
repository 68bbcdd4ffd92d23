import type { Mode, Subscription } from '@glm/domain';
import { type Html, html } from '../../kit/html.ts';
import { badge, hiddenMode, hiddenReturn, money, time } from '../parts.ts';

const UNITS: Readonly<Record<string, string>> = {
  daily: 'day',
  weekly: 'week',
  monthly: 'month',
  yearly: 'year',
};

/** How often a subscription charges (`every month`, `every 2 weeks`). */
export function cadence(subscription: Subscription): string {
  const unit = UNITS[subscription.interval] ?? subscription.interval;
  return subscription.interval_count === 1
    ? `every ${unit}`
    : `every ${subscription.interval_count} ${unit}s`;
}

/** A subscription's state at a glance: status, price and cadence, period, next charge, cancellation. */
export function subscriptionFacts(subscription: Subscription): Html {
  return html`<dl class="facts">
<dt>Subscription</dt><dd class="mono">${subscription.id}</dd>
<dt>Status</dt><dd>${badge(subscription.status)}${subscription.cancel_at_period_end ? html` <span class="muted">ends at period end</span>` : ''}</dd>
<dt>Price</dt><dd>${money(subscription.amount_cents, subscription.currency)} ${cadence(subscription)}</dd>
<dt>Customer</dt><dd class="mono">${subscription.customer_id ?? '—'}</dd>
<dt>Card</dt><dd>${subscription.payment_method === null ? '—' : `${subscription.payment_method.brand} ···· ${subscription.payment_method.last4} (${subscription.payment_method.type === 'hsa_fsa_card' ? 'HSA/FSA' : 'regular'})`}</dd>
<dt>Trial ends</dt><dd>${time(subscription.trial_end)}</dd>
<dt>Current period</dt><dd>${time(subscription.current_period_start)} – ${time(subscription.current_period_end)}</dd>
<dt>Next charge</dt><dd>${time(subscription.next_billing_date)}</dd>
<dt>Cancelled</dt><dd>${time(subscription.cancelled_at)}</dd>
<dt>Ended</dt><dd>${time(subscription.ended_at)}</dd>
</dl>`;
}

/**
 * The cancel form of a subscription: at once, or at the end of the current period (runs the service's
 * cancel operation). A cancelled subscription has none.
 */
export function cancelForm(subscription: Subscription, mode: Mode, returnTo?: string): Html {
  if (subscription.status === 'cancelled') return html``;
  const id = subscription.id;
  const field = `when-${id}`;
  return html`<form class="stack" method="post" action="/dashboard/subscriptions/${encodeURIComponent(id)}/cancel">${hiddenMode(mode)}${hiddenReturn(returnTo)}
<fieldset><legend>Cancel ${id}</legend>
<label><input type="radio" name="when" value="now" id="${field}-now" checked>At once</label>
${subscription.cancel_at_period_end ? '' : html`<label><input type="radio" name="when" value="period_end" id="${field}-end">At the end of the period (${time(subscription.current_period_end)})</label>`}
</fieldset>
<button type="submit" class="danger">Cancel subscription</button></form>`;
}
