import type { Mode, WebhookDelivery } from '@glm/domain';
import { type Html, html } from '../../kit/html.ts';
import { badge, postButton, table, time } from '../parts.ts';

/** A delivery's attempts: number, HTTP status (or why none came), time, duration and the fault rule that altered it. */
function attemptList(delivery: WebhookDelivery): Html {
  if (delivery.attempts.length === 0) return html`<span class="muted">no attempt yet</span>`;
  return html`<ol class="attempts">${delivery.attempts.map(
    (
      attempt,
    ) => html`<li class="${attempt.status_code === 200 ? 'attempt-ok' : 'attempt-failed'}">#${attempt.attempt}
${attempt.status_code === null ? 'no answer' : `HTTP ${attempt.status_code}`} · ${time(attempt.attempted_at)} · ${attempt.duration_ms} ms${
      attempt.error === null || attempt.error === undefined
        ? ''
        : html` · <span class="muted">${attempt.error}</span>`
    }${attempt.fault === undefined ? '' : html` · <span class="fault">altered by fault ${attempt.fault}</span>`}</li>`,
  )}</ol>`;
}

/**
 * The Resend button of a delivery. A pending delivery has none: its next attempt is already scheduled
 * (the service refuses to resend it); delivered and failed ones can be resent.
 */
function resendButton(delivery: WebhookDelivery, mode: Mode, returnTo?: string): Html {
  if (delivery.status === 'pending') return html``;
  return postButton({
    action: `/dashboard/webhook-deliveries/${encodeURIComponent(delivery.id)}/resend`,
    mode,
    label: 'Resend',
    className: 'secondary',
    name: `Resend ${delivery.event_type} ${delivery.event_id} to ${delivery.url}`,
    returnTo,
  });
}

/** Which columns a deliveries table shows. */
export interface DeliveriesTableOptions {
  /** Show the event (type and id): off when the table sits under its event. */
  readonly showEvent: boolean;
  /** Show the receiving URL: off when the table sits under its endpoint. */
  readonly showUrl: boolean;
  /** The dashboard page a resend comes back to. */
  readonly returnTo?: string | undefined;
}

/** Deliveries as a table, failed rows highlighted, each with its attempts and Resend. */
export function deliveriesTable(
  list: readonly WebhookDelivery[],
  mode: Mode,
  options: DeliveriesTableOptions,
  caption = 'Deliveries, newest first',
): Html {
  const rows = list.map(
    (
      delivery,
    ) => html`<tr class="${delivery.status === 'failed' ? 'failed' : ''}" data-delivery-id="${delivery.id}" data-status="${delivery.status}">
${options.showEvent ? html`<td>${delivery.event_type}<br><span class="mono muted">${delivery.event_id}</span></td>` : ''}${
  options.showUrl ? html`<td class="mono">${delivery.url}</td>` : ''
}<td>${badge(delivery.status)}</td><td>${attemptList(delivery)}</td><td>${time(delivery.next_attempt_at)}</td>
<td>${resendButton(delivery, mode, options.returnTo)}</td></tr>`,
  );
  const head = [
    ...(options.showEvent ? ['Event'] : []),
    ...(options.showUrl ? ['Sent to'] : []),
    'Status',
    'Attempts',
    'Next attempt',
    'Action',
  ];
  return table(caption, head, rows, 'No deliveries.');
}
