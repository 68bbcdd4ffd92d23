import { type Mode, WebhookDeliveryStatus } from '@glm/domain';
import type { Engine } from '../../../core/engine.ts';
import { webhooksOf } from '../../../operations/webhooks/webhooks.ts';
import { type Html, html } from '../../kit/html.ts';
import { DASHBOARD_ROWS, hiddenMode } from '../parts.ts';
import { deliveriesTable } from './delivery-parts.ts';
import { section } from './order-sections.ts';

/**
 * Every webhook delivery of a mode (endpoints and checkouts' `metadata.webhook_url`), newest first,
 * optionally of one status; each with its attempts and Resend.
 */
export function deliveriesView(engine: Engine, mode: Mode, status: WebhookDeliveryStatus | undefined): Html {
  const list =
    webhooksOf(engine).queue.page(mode, DASHBOARD_ROWS, undefined, status === undefined ? {} : { status })
      ?.data ?? [];
  const options = WebhookDeliveryStatus.options.map(
    (option) => html`<option value="${option}"${option === status ? html` selected` : ''}>${option}</option>`,
  );
  return html`<form class="row" method="get" action="/dashboard/webhook-deliveries">${hiddenMode(mode)}
<div><label for="delivery-status">Status</label><select id="delivery-status" name="status">
<option value="">Any status</option>${options}</select></div><button type="submit" class="secondary">Filter</button></form>
${section(
  'delivery-list-heading',
  status === undefined ? `Deliveries in ${mode} mode` : `${status} deliveries in ${mode} mode`,
  deliveriesTable(list, mode, {
    showEvent: true,
    showUrl: true,
    returnTo: '/dashboard/webhook-deliveries',
  }),
  'delivery-list',
)}`;
}
