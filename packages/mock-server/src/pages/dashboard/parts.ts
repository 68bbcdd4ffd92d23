import { formatCents, type Mode } from '@glm/domain';
import { type Html, html } from '../kit/html.ts';

/** How many rows each dashboard list shows (newest first). */
export const DASHBOARD_ROWS = 25;

/** A timestamp as the dashboard shows it (`2026-11-25 08:31:06Z`), or a dash when there is none. */
export const time = (iso: string | null | undefined): string =>
  iso === null || iso === undefined ? '—' : iso.replace('T', ' ').replace(/\.\d+Z$/, 'Z');

/** Cents in a currency (`$12.99`). */
export const money = (cents: number, currency = 'USD'): string => formatCents(cents, currency);

/** A status as a coloured badge. */
export const badge = (status: string): Html => html`<span class="badge ${status}">${status}</span>`;

/** A column heading of a numeric column (right-aligned like its cells). */
export interface NumericHead {
  /** The heading. */
  readonly label: string;
  /** Always true. */
  readonly numeric: true;
}

/** The heading of a numeric column. */
export const num = (label: string): NumericHead => ({ label, numeric: true });

/** A captioned table, or a muted sentence when it has no rows. */
export const table = (
  caption: string,
  head: readonly (string | NumericHead)[],
  rows: readonly Html[],
  empty: string,
): Html =>
  rows.length === 0
    ? html`<p class="muted">${empty}</p>`
    : html`<div class="table-wrap"><table><caption class="muted">${caption}</caption>
<thead><tr>${head.map((cell) =>
        typeof cell === 'string'
          ? html`<th scope="col">${cell}</th>`
          : html`<th scope="col" class="num">${cell.label}</th>`,
      )}</tr></thead>
<tbody>${rows}</tbody></table></div>`;

/** The hidden `mode` field every dashboard form carries. */
export const hiddenMode = (mode: Mode): Html => html`<input type="hidden" name="mode" value="${mode}">`;

/** The hidden field naming the dashboard page to come back to after an action. */
export const hiddenReturn = (path: string | undefined): Html =>
  path === undefined ? html`` : html`<input type="hidden" name="return_to" value="${path}">`;

/** A one-button POST form of the dashboard (see {@link postButton}). */
export interface PostButton {
  /** Where the form posts. */
  readonly action: string;
  /** The mode it acts in. */
  readonly mode: Mode;
  /** The button's text. */
  readonly label: string;
  /** The button's class: `primary`, `secondary` or `danger`. */
  readonly className: string;
  /** The button's accessible name: which row it acts on. */
  readonly name: string;
  /** The dashboard page to come back to after the action. */
  readonly returnTo?: string | undefined;
}

/** A one-button POST form. */
export const postButton = ({ action, mode, label, className, name, returnTo }: PostButton): Html =>
  html`<form class="inline" method="post" action="${action}">${hiddenMode(mode)}${hiddenReturn(returnTo)}<button type="submit" class="${className}" aria-label="${name}">${label}</button></form>`;

/** A dashboard address with its mode (and more query parameters). */
export const dashboardHref = (
  path: string,
  mode: Mode,
  query: Readonly<Record<string, string>> = {},
): string => `${path}?${new URLSearchParams({ mode, ...query })}`;

/** The address of an order's detail view. */
export const orderHref = (id: string, mode: Mode): string =>
  dashboardHref(`/dashboard/orders/${encodeURIComponent(id)}`, mode);

/** The address of a checkout session's detail view. */
export const checkoutHref = (id: string, mode: Mode): string =>
  dashboardHref(`/dashboard/checkouts/${encodeURIComponent(id)}`, mode);

/** An id as a link to its detail view. */
export const idLink = (id: string, href: string): Html => html`<a class="mono" href="${href}">${id}</a>`;
