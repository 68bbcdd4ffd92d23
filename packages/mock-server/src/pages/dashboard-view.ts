import { EventSubscription, formatCents, type Mode, type WebhookDelivery } from '@glm/domain';
import { webhooksOf } from '../webhooks/webhooks.ts';
import { type Html, html } from './html.ts';
import type { PageContext } from './page-context.ts';

/** A message at the top of the dashboard, and a secret shown once (a new key, an endpoint's secret). */
export interface DashboardNotice {
  /** Success or error. */
  readonly tone: 'success' | 'error';
  /** What happened. */
  readonly text: string;
  /** The value shown only in this answer. */
  readonly secret?: { readonly label: string; readonly value: string };
}

/** What the dashboard shows. */
export interface DashboardViewInput {
  /** The service. */
  readonly context: PageContext;
  /** The mode whose objects are shown (keys of both modes are always listed). */
  readonly mode: Mode;
  /** Event log filter: one event type. */
  readonly eventType: string | undefined;
  /** The outcome of the last action. */
  readonly notice?: DashboardNotice | undefined;
}

/** How many rows each list shows (newest first). */
export const DASHBOARD_ROWS = 25;

const time = (iso: string | null | undefined): string =>
  iso === null || iso === undefined ? '—' : iso.replace('T', ' ').replace(/\.\d+Z$/, 'Z');

const badge = (status: string): Html => html`<span class="badge ${status}">${status}</span>`;

const table = (caption: string, head: readonly string[], rows: readonly Html[], empty: string): Html =>
  rows.length === 0
    ? html`<p class="muted">${empty}</p>`
    : html`<div class="table-wrap"><table><caption class="muted">${caption}</caption>
<thead><tr>${head.map((cell) => html`<th scope="col">${cell}</th>`)}</tr></thead>
<tbody>${rows}</tbody></table></div>`;

const hiddenMode = (mode: Mode): Html => html`<input type="hidden" name="mode" value="${mode}">`;

const postButton = (action: string, mode: Mode, label: string, className: string, name: string): Html =>
  html`<form class="inline" method="post" action="${action}">${hiddenMode(mode)}<button type="submit" class="${className}" aria-label="${name}">${label}</button></form>`;

function header(input: DashboardViewInput): Html {
  const { mode, notice } = input;
  const link = (target: Mode, label: string): Html =>
    html`<a href="/dashboard?mode=${target}"${target === mode ? html` aria-current="page"` : ''}>${label}</a>`;
  return html`<h1>glm-mock dashboard</h1>
<nav class="modes" aria-label="Mode">${link('test', 'Test mode')} ${link('live', 'Live mode')}</nav>
${
  notice === undefined
    ? ''
    : html`<div class="alert ${notice.tone}" role="${notice.tone === 'error' ? 'alert' : 'status'}">${notice.text}${
        notice.secret === undefined
          ? ''
          : html`<br>${notice.secret.label} (shown only now): <code class="secret" data-secret>${notice.secret.value}</code>`
      }</div>`
}`;
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
<td>${key.revoked_at === null ? postButton(`/dashboard/api-keys/${encodeURIComponent(key.id)}/revoke`, input.mode, 'Revoke', 'danger', `Revoke ${key.name}`) : time(key.revoked_at)}</td></tr>`,
  );
  return html`<section class="card" aria-labelledby="keys-heading">
<h2 id="keys-heading">API keys</h2>
<form class="row" method="post" action="/dashboard/api-keys">
<div><label for="key-name">Name</label><input id="key-name" name="name" required maxlength="255"></div>
<div><label for="key-mode">Key mode</label><select id="key-mode" name="key_mode">
<option value="test"${input.mode === 'test' ? html` selected` : ''}>test</option>
<option value="live"${input.mode === 'live' ? html` selected` : ''}>live</option></select></div>
${hiddenMode(input.mode)}<button type="submit">Create key</button></form>
${table('Keys, newest first (the secret is never shown again)', ['Name', 'Key', 'Mode', 'Created', 'Status', ''], rows, 'No keys.')}
</section>`;
}

function attempts(delivery: WebhookDelivery): Html {
  if (delivery.attempts.length === 0) return html`<span class="muted">no attempt yet</span>`;
  return html`<ol class="attempts">${delivery.attempts.map(
    (
      attempt,
    ) => html`<li class="${attempt.status_code === 200 ? 'attempt-ok' : 'attempt-failed'}">#${attempt.attempt}
${attempt.status_code === null ? 'no answer' : `HTTP ${attempt.status_code}`} · ${time(attempt.attempted_at)} · ${attempt.duration_ms} ms${
      attempt.error === null || attempt.error === undefined
        ? ''
        : html` · <span class="muted">${attempt.error}</span>`
    }</li>`,
  )}</ol>`;
}

function deliveries(input: DashboardViewInput, list: readonly WebhookDelivery[]): Html {
  const rows = list.map(
    (
      delivery,
    ) => html`<tr class="${delivery.status === 'failed' ? 'failed' : ''}" data-delivery-id="${delivery.id}" data-status="${delivery.status}">
<td>${delivery.event_type}<br><span class="mono muted">${delivery.event_id}</span></td><td>${badge(delivery.status)}</td>
<td>${attempts(delivery)}</td><td>${time(delivery.next_attempt_at)}</td>
<td>${delivery.status === 'pending' ? '' : postButton(`/dashboard/webhook-deliveries/${encodeURIComponent(delivery.id)}/resend`, input.mode, 'Resend', 'secondary', `Resend ${delivery.event_type} ${delivery.event_id}`)}</td></tr>`,
  );
  return table(
    'Deliveries, newest first',
    ['Event', 'Status', 'Attempts', 'Next attempt', ''],
    rows,
    'No deliveries yet.',
  );
}

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
<div class="actions"><button type="submit">Register endpoint</button></div></form>
<div class="actions">${postButton('/dashboard/webhooks/flush', input.mode, 'Deliver due webhooks now', 'secondary', 'Deliver due webhooks now')}</div>
${registered.map(
  (
    endpoint,
  ) => html`<article class="card" data-endpoint-id="${endpoint.id}" aria-label="Endpoint ${endpoint.transport.url}">
<h3 class="mono">${endpoint.transport.url}</h3>
<p class="muted">${endpoint.id} · events: ${endpoint.events.join(', ')} · created ${time(endpoint.createdAt)}${
    endpoint.description === null ? '' : ` · ${endpoint.description}`
  }</p>
${postButton(`/dashboard/webhook-endpoints/${encodeURIComponent(endpoint.id)}/delete`, input.mode, 'Delete endpoint', 'danger', `Delete endpoint ${endpoint.transport.url}`)}
${deliveries(input, page(endpoint.id))}
</article>`,
)}
${registered.length === 0 ? html`<p class="muted">No endpoints registered in ${input.mode} mode.</p>` : ''}
${checkoutDeliveries.length === 0 ? '' : html`<h3>Deliveries to checkouts' metadata.webhook_url</h3>${deliveries(input, checkoutDeliveries)}`}
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
${table('Events, newest first', ['Time', 'Type', 'Id', 'Object'], rows, 'No events.')}
</section>`;
}

function payments(input: DashboardViewInput): Html {
  const state = input.context.engine.store.modes[input.mode];
  const money = (cents: number, currency = 'USD'): string => formatCents(cents, currency);
  const sessions = (state.checkouts.page({ limit: DASHBOARD_ROWS })?.data ?? []).map(
    ({
      session,
    }) => html`<tr><td class="mono">${session.checkout_id}</td><td>${session.reference_id}</td><td>${badge(session.type)}</td>
<td>${badge(session.status)}</td><td>${money(session.amounts.total)}</td><td>${time(session.created_at)}</td><td class="mono">${session.order_id ?? '—'}</td></tr>`,
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
    ) => html`<tr><td class="mono">${order.id}</td><td>${order.order_number}</td><td>${badge(order.status)}</td>
<td>${badge(order.payment_status)}</td><td>${money(order.amounts.total_cents)}</td><td>${time(order.created_at)}</td></tr>`,
  );
  return html`<section class="card" aria-labelledby="sessions-heading"><h2 id="sessions-heading">Checkout sessions</h2>
${table('Newest first', ['Id', 'Reference', 'Cart', 'Status', 'Total', 'Created', 'Order'], sessions, 'No checkout sessions.')}</section>
<section class="card" aria-labelledby="links-heading"><h2 id="links-heading">Payment links</h2>
${table('Newest first', ['Id', 'Description', 'Amount', 'Status', 'Expires'], links, 'No payment links.')}</section>
<section class="card" aria-labelledby="orders-heading"><h2 id="orders-heading">Orders</h2>
${table('Newest first', ['Id', 'Number', 'Status', 'Payment', 'Total', 'Created'], orders, 'No orders.')}</section>`;
}

/** The whole dashboard: clock, API keys, webhook endpoints with deliveries, event log, sessions, links, orders. */
export function dashboardView(input: DashboardViewInput): Html {
  return html`${header(input)}${clock(input)}${apiKeys(input)}${webhooks(input)}${events(input)}${payments(input)}`;
}
