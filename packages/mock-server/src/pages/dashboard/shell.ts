import type { Mode } from '@glm/domain';
import type { Merchant } from '@glm/domain/test-helpers';
import { type Html, html } from '../kit/html.ts';
import { layout } from '../kit/layout.ts';
import { DASHBOARD_POLICY, pageResponse } from '../kit/page-response.ts';
import { DASHBOARD_SCRIPT_PATH, DASHBOARD_STYLESHEET_PATH } from './assets.ts';
import { dashboardHref } from './parts.ts';

/** A message at the top of a dashboard page, and a secret shown once (a new key, an endpoint's secret). */
export interface DashboardNotice {
  /** Success or error. */
  readonly tone: 'success' | 'error';
  /** What happened. */
  readonly text: string;
  /** The value shown only in this answer. */
  readonly secret?: { readonly label: string; readonly value: string };
}

/** The dashboard's sections, in the order of its navigation. */
const DASHBOARD_SECTIONS = [
  { path: '/dashboard', label: 'Overview' },
  { path: '/dashboard/refunds', label: 'Refunds' },
  { path: '/dashboard/disputes', label: 'Disputes' },
  { path: '/dashboard/subscriptions', label: 'Subscriptions' },
  { path: '/dashboard/webhook-deliveries', label: 'Webhook deliveries' },
  { path: '/dashboard/requests', label: 'Requests and faults' },
  { path: '/dashboard/coverage', label: 'Coverage' },
] as const;

/** One dashboard page to answer. */
export interface DashboardPageInput {
  /** The page heading and document title. */
  readonly title: string;
  /** The mode whose objects the page shows. */
  readonly mode: Mode;
  /** The page's own path (for the mode switch), without query. */
  readonly path: string;
  /** The navigation entry to mark as current, if the page is one of {@link DASHBOARD_SECTIONS}. */
  readonly section?: string | undefined;
  /** The page content under the heading. */
  readonly body: Html;
  /** The outcome of the last action. */
  readonly notice?: DashboardNotice | undefined;
  /** The HTTP status (200 unless an action was refused). */
  readonly status?: number;
  /** The merchant whose objects the page shows. */
  readonly merchant: Merchant;
  /** Every merchant of the server, oldest first: the switcher offers them. */
  readonly merchants: readonly Merchant[];
}

/**
 * The merchant shown, and with more than one on the server, a form that switches to another (a plain
 * `GET /dashboard?merchant=…`, so it works without the script).
 */
function merchantSwitch(input: DashboardPageInput): Html {
  const { merchant, merchants, mode } = input;
  if (merchants.length < 2) {
    return html`<p class="merchant" data-merchant="${merchant.id}">Merchant: ${merchant.name}</p>`;
  }
  const options = merchants.map(
    (each) =>
      html`<option value="${each.id}"${each.id === merchant.id ? html` selected` : ''}>${each.name} (${each.id})</option>`,
  );
  return html`<form class="merchant" method="get" action="/dashboard" data-merchant="${merchant.id}">
<label for="merchant-switch">Merchant</label> <select id="merchant-switch" name="merchant">${options}</select>
<input type="hidden" name="mode" value="${mode}"> <button type="submit" class="secondary">Switch</button></form>`;
}

function noticeBox(notice: DashboardNotice | undefined): Html {
  if (notice === undefined) return html``;
  return html`<div class="alert ${notice.tone}" role="${notice.tone === 'error' ? 'alert' : 'status'}">${notice.text}${
    notice.secret === undefined
      ? ''
      : html`<br>${notice.secret.label} (shown only now): <code class="secret" data-secret>${notice.secret.value}</code>`
  }</div>`;
}

/**
 * A dashboard page: navigation between its sections, the mode switch, the notice, the content, and the
 * same-origin stylesheet and live-update script (the page works without the script: it only keeps the
 * marked regions current).
 */
export function dashboardPage(input: DashboardPageInput): Response {
  const { mode } = input;
  const sections = DASHBOARD_SECTIONS.map(
    ({ path, label }) =>
      html`<li><a href="${dashboardHref(path, mode)}"${path === input.section ? html` aria-current="page"` : ''}>${label}</a></li>`,
  );
  const modeLink = (target: Mode, label: string): Html =>
    html`<a href="${dashboardHref(input.path, target)}"${target === mode ? html` aria-current="true"` : ''}>${label}</a>`;
  const body = html`<link rel="stylesheet" href="${DASHBOARD_STYLESHEET_PATH}">
<header class="dash-header"><p class="dash-brand">glm-mock dashboard</p>
<nav aria-label="Dashboard"><ul class="dash-nav">${sections}</ul></nav>
<nav class="modes" aria-label="Mode">${modeLink('test', 'Test mode')} ${modeLink('live', 'Live mode')}</nav>
${merchantSwitch(input)}
<p class="live-status" data-live-status hidden><span data-live-note>Live: new objects appear on their own.</span>
<button type="button" class="secondary" data-live-toggle aria-pressed="false">Pause live updates</button></p>
</header>
<h1>${input.title}</h1>
${noticeBox(input.notice)}${input.body}
<script src="${DASHBOARD_SCRIPT_PATH}" defer></script>`;
  return pageResponse(
    input.status ?? 200,
    layout({ title: `${input.title} · glm-mock dashboard`, body, wide: true }),
    DASHBOARD_POLICY,
  );
}
