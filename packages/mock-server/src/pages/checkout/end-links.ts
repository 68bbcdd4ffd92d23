import { type Html, html } from '../kit/html.ts';

/** A way out of an end page (paid, expired, cancelled): back to the merchant, or to try again. */
export interface EndLink {
  /** Where it goes. */
  readonly href: string;
  /** What it says. */
  readonly label: string;
  /** Whether it leaves the frame when the page is embedded (the merchant's own pages do). */
  readonly top: boolean;
}

/** The merchant's name as the pages show it: the configured name, else the host of `successUrl`. */
export function merchantName(configured: string | undefined, successUrl: string): string {
  if (configured !== undefined) return configured;
  try {
    return new URL(successUrl).host || 'the shop';
  } catch {
    return 'the shop';
  }
}

/** The links of an end page, as a list of plain links (nothing when there are none). */
export function endLinksView(links: readonly EndLink[]): Html {
  if (links.length === 0) return html``;
  return html`<p class="end-links">${links.map(
    (link) => html`<a href="${link.href}"${link.top ? html` target="_top"` : ''}>${link.label}</a>`,
  )}</p>`;
}
