import type { Mode } from '@glm/domain';
import type { Engine } from '../../../core/engine.ts';
import { type Html, html } from '../../kit/html.ts';
import { badge, DASHBOARD_ROWS, money, table, time } from '../parts.ts';
import { section } from './order-sections.ts';
import { cadence, cancelForm } from './subscription-parts.ts';

/** The subscriptions of a mode, newest first, each with its cancel form (at once or at period end). */
export function subscriptionsView(engine: Engine, mode: Mode): Html {
  const records = engine.store.modes[mode].subscriptions.page({ limit: DASHBOARD_ROWS })?.data ?? [];
  const rows = records.map(
    ({
      subscription,
    }) => html`<tr data-subscription-id="${subscription.id}" data-status="${subscription.status}">
<td class="mono">${subscription.id}</td><td>${badge(subscription.status)}${subscription.cancel_at_period_end ? html`<br><span class="muted">ends at period end</span>` : ''}</td>
<td>${money(subscription.amount_cents, subscription.currency)} ${cadence(subscription)}</td><td class="mono">${subscription.customer_id ?? '—'}</td>
<td>${time(subscription.current_period_end)}</td><td>${time(subscription.next_billing_date)}</td><td>${time(subscription.ended_at)}</td>
<td>${cancelForm(subscription, mode, '/dashboard/subscriptions')}</td></tr>`,
  );
  return section(
    'subscription-list-heading',
    `Subscriptions in ${mode} mode`,
    table(
      'Newest first',
      ['Subscription', 'Status', 'Price', 'Customer', 'Period ends', 'Next charge', 'Ended', 'Cancel'],
      rows,
      'No subscriptions.',
    ),
    'subscription-list',
  );
}
