import { EventSubscription, type Mode, type WebhookDelivery } from '@glm/domain';
import { webhooksOf } from '../../../operations/webhooks/webhooks.ts';
import { type Html, html } from '../../kit/html.ts';
import type { PageContext } from '../../page-context.ts';
import {
  badge,
  checkoutHref,
  DASHBOARD_ROWS,
  hiddenMode,
  idLink,
  money,
  orderHref,
  postButton,
  table,
  time,
} from '../parts.ts';
import { deliveriesTable } from './delivery-parts.ts';

/** What the dashboard overview shows. */
export interface DashboardViewInput {
  /** The service. */
  readonly context: PageContext;
  /** The mode whose objects are shown (keys of both modes are always listed). */
  readonly mode: Mode;
  /** Event log filter: one event type. */
  readonly eventType: string | undefined;
}

function clock(input: DashboardViewInput): Html {
  return html`<section class="card" aria-labelledby="clock-heading">
<h2 id="clock-heading">Clock</h2>
<p>Server time: <time data-clock>${time(input.context.engine.nowIso())}</time></p>
<form class="row" method="post" action="/dashboard/clock/advance">${hiddenMode(input.mode)}
<div><label for="duration">Advance the clock by <span class="hint">such as 30s, 15m, 24h, 2d</span></label>
<input id="duration" name="duration" required pattern="(\\d+(ms|s|m|h|d))+" value="1h"></div>
<button type="submit">Advance</button></form>
<p class="muted">Everything due by the new time happens in order (expiries, renewals, webhook retries).</p>
</section>`;
}

function apiKeys(input: DashboardViewInput): Html {
  const rows = input.context.engine.keys.list().map(
    (
      key,
    ) => html`<tr data-key-id="${key.id}"><td>${key.name}</td><td class="mono">glm_${key.mode}_${key.id}.…</td>
<td>${key.mode}</td><td>${time(key.created_at)}</td><td>${key.revoked_at === null ? badge('active') : badge('revoked')}</td>
<td>${key.revoked_at === null ? postButton({ action: `/dashboard/api-keys/${encodeURIComponent(key.id)}/revoke`, mode: input.mode, label: 'Revoke', className: 'danger', name: `Revoke ${key.name}` }) : time(key.revoked_at)}</td></tr>`,
  );
  return html`<section class="card" aria-labelledby="keys-heading">
<h2 id="keys-heading">API keys</h2>
<form class="row" method="post" action="/dashboard/api-keys">
<div><label for="key-name">Name</label><input id="key-name" name="name" required maxlength="255"></div>
<div><label for="key-mode">Key mode</label><select id="key-mode" name="key_mode">
<option value="test"${input.mode === 'test' ? html` selected` : ''}>test</option>
<option value="live"${input.mode === 'live' ? html` selected` : ''}>live</option></select></div>
${hiddenMode(input.mode)}<button type="submit">Create key</button></form>
${table('Keys, newest first (the secret is never shown again)', ['Name', 'Key', 'Mode', 'Created', 'Status', 'Action'], rows, 'No keys.')}
</section>`;
}

const deliveries = (input: DashboardViewInput, list: readonly WebhookDelivery[]): Html =>
  deliveriesTable(list, input.mode, { showEvent: true, showUrl: false });

function webhooks(input: DashboardViewInput): Html {
  const { queue, endpoints } = webhooksOf(input.context.engine);
  const page = (endpointId: string | null): readonly WebhookDelivery[] =>
    queue.page(input.mode, DASHBOARD_ROWS, undefined, { endpointId })?.data ?? [];
  const registered = endpoints.all(input.mode).reverse();
  const checkoutDeliveries = page(null);
  const choices = EventSubscription.options.map(
    (type) =>
      html`<label><input type="checkbox" name="events" value="${type}"${type === '*' ? html` checked` : ''}>${type === '*' ? 'All events (*)' : type}</label>`,
  );
  return html`<section class="card" aria-labelledby="webhooks-heading">
<h2 id="webhooks-heading">Webhook endpoints</h2>
<form method="post" action="/dashboard/webhook-endpoints">${hiddenMode(input.mode)}
<label for="endpoint-url">Endpoint URL</label><input id="endpoint-url" name="url" type="url" required placeholder="https://example.com/webhooks">
<fieldset><legend>Events</legend>${choices}</fieldset>
<label for="endpoint-description">Description <span class="hint">optional</span></label><input id="endpoint-description" name="description" maxlength="500">
<label for="endpoint-secret">Signing secret <span class="hint">optional: whsec_ and 32 letters or digits; one is generated otherwise</span></label><input id="endpoint-secret" name="secret" class="mono" autocomplete="off" spellcheck="false" pattern="whsec_[0-9A-Za-z]{32}">
<div class="actions"><button type="submit">Register endpoint</button></div></form>
<div class="actions">${postButton({ action: '/dashboard/webhooks/flush', mode: input.mode, label: 'Deliver due webhooks now', className: 'secondary', name: 'Deliver due webhooks now' })}</div>
${registered.map(
  (
    endpoint,
  ) => html`<article class="card" data-endpoint-id="${endpoint.id}" aria-label="Endpoint ${endpoint.transport.url}">
<h3 class="mono">${endpoint.transport.url}</h3>
<p class="muted">${endpoint.id} · events: ${endpoint.events.join(', ')} · created ${time(endpoint.createdAt)}${
    endpoint.description === null ? '' : ` · ${endpoint.description}`
  }</p>
${postButton({ action: `/dashboard/webhook-endpoints/${encodeURIComponent(endpoint.id)}/delete`, mode: input.mode, label: 'Delete endpoint', className: 'danger', name: `Delete endpoint ${endpoint.transport.url}` })}
<div data-live="deliveries-${endpoint.id}">${deliveries(input, page(endpoint.id))}</div>
</article>`,
)}
${registered.length === 0 ? html`<p class="muted">No endpoints registered in ${input.mode} mode.</p>` : ''}
<div data-live="checkout-deliveries">${checkoutDeliveries.length === 0 ? '' : html`<h3>Deliveries to checkouts' metadata.webhook_url</h3>${deliveries(input, checkoutDeliveries)}`}</div>
</section>`;
}

function events(input: DashboardViewInput): Html {
  const page = input.context.engine.events.page(input.mode, DASHBOARD_ROWS * 2, undefined, input.eventType);
  const types = [
    ...new Set(input.context.engine.events.list({ mode: input.mode }).map((event) => event.type)),
  ].sort();
  const summary = (data: Readonly<Record<string, unknown>>): string => {
    const id = data['id'] ?? data['checkout_id'];
    return typeof id === 'string' || typeof id === 'number' ? String(id) : '';
  };
  const rows = (page?.data ?? []).map(
    (
      event,
    ) => html`<tr data-event-type="${event.type}"><td>${time(event.created_at)}</td><td>${event.type}</td>
<td class="mono">${event.id}</td><td class="mono">${summary(event.data)}</td></tr>`,
  );
  return html`<section class="card" aria-labelledby="events-heading">
<h2 id="events-heading">Event log</h2>
<form class="row" method="get" action="/dashboard">${hiddenMode(input.mode)}
<div><label for="event-type">Event type</label><select id="event-type" name="event_type">
<option value="">All types</option>${types.map(
    (type) =>
      html`<option value="${type}"${type === input.eventType ? html` selected` : ''}>${type}</option>`,
  )}</select></div><button type="submit" class="secondary">Filter</button></form>
<div data-live="events">${table('Events, newest first', ['Time', 'Type', 'Id', 'Object'], rows, 'No events.')}</div>
</section>`;
}

function payments(input: DashboardViewInput): Html {
  const state = input.context.engine.store.modes[input.mode];
  const sessions = (state.checkouts.page({ limit: DASHBOARD_ROWS })?.data ?? []).map(
    ({
      session,
    }) => html`<tr data-checkout-id="${session.checkout_id}"><td>${idLink(session.checkout_id, checkoutHref(session.checkout_id, input.mode))}</td><td>${session.reference_id}</td><td>${badge(session.type)}</td>
<td>${badge(session.status)}</td><td>${money(session.amounts.total)}</td><td>${time(session.created_at)}</td><td>${
      session.order_id === null || session.order_id === undefined
        ? '—'
        : idLink(session.order_id, orderHref(session.order_id, input.mode))
    }</td></tr>`,
  );
  const links = (state.paymentLinks.page({ limit: DASHBOARD_ROWS })?.data ?? []).map(
    ({
      link,
    }) => html`<tr><td class="mono"><a href="${`/pay/${encodeURIComponent(link.id)}`}">${link.id}</a></td><td>${link.description}</td>
<td>${money(link.amount_cents, link.currency)}</td><td>${badge(link.status)}</td><td>${time(link.expires_at)}</td></tr>`,
  );
  const orders = (state.orders.page({ limit: DASHBOARD_ROWS })?.data ?? []).map(
    (
      order,
    ) => html`<tr data-order-id="${order.id}"><td>${idLink(order.id, orderHref(order.id, input.mode))}</td><td>${order.order_number}</td><td>${badge(order.status)}</td>
<td>${badge(order.payment_status)}</td><td>${money(order.amounts.total_cents)}</td><td>${time(order.created_at)}</td></tr>`,
  );
  return html`<section class="card" aria-labelledby="sessions-heading"><h2 id="sessions-heading">Checkout sessions</h2>
<div data-live="sessions">${table('Newest first', ['Id', 'Reference', 'Cart', 'Status', 'Total', 'Created', 'Order'], sessions, 'No checkout sessions.')}</div></section>
<section class="card" aria-labelledby="links-heading"><h2 id="links-heading">Payment links</h2>
<div data-live="links">${table('Newest first', ['Id', 'Description', 'Amount', 'Status', 'Expires'], links, 'No payment links.')}</div></section>
<section class="card" aria-labelledby="orders-heading"><h2 id="orders-heading">Orders</h2>
<div data-live="orders">${table('Newest first', ['Id', 'Number', 'Status', 'Payment', 'Total', 'Created'], orders, 'No orders.')}</div></section>`;
}

/**
 * The dashboard overview: checkout sessions and orders (each opening its detail view), payment links,
 * clock, API keys, webhook endpoints with their deliveries, event log.
 */
export function dashboardView(input: DashboardViewInput): Html {
  return html`${payments(input)}${clock(input)}${apiKeys(input)}${webhooks(input)}${events(input)}`;
}
