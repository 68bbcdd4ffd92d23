import { html } from './html.ts';
import { layout } from './layout.ts';
import { NO_FRAMING, pageResponse } from './page-response.ts';

/** A plain error page (never framed): a wrong token, an unknown id, a wrong method. */
export function errorPage(
  status: number,
  heading: string,
  message: string,
  headers: Readonly<Record<string, string>> = {},
): Response {
  const body = html`<section class="card" aria-labelledby="error-heading">
<h1 id="error-heading">${heading}</h1>
<p class="alert error" role="alert">${message}</p>
</section>`;
  return pageResponse(status, layout({ title: heading, body }), NO_FRAMING, headers);
}
