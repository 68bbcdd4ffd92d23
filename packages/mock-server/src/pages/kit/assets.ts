import { checkoutFrameScript } from './checkout-frame-script.ts';

/** Path of the hosted pages' stylesheet. */
export const STYLESHEET_PATH = '/assets/glm-pages.css';
/** Path of the hosted pages' script. */
export const SCRIPT_PATH = '/assets/glm-checkout.js';
/** Path of the icon: where browsers look for it unasked, so it answers an icon rather than a 404. */
export const ICON_PATH = '/favicon.ico';

// A padlock on the accent colour, 32 × 32, as SVG (Chrome takes an SVG icon at any path by its type).
const ICON = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="#0b5fff"/><rect x="9" y="14" width="14" height="11" rx="2" fill="#fff"/><path d="M12 14v-3a4 4 0 0 1 8 0v3" fill="none" stroke="#fff" stroke-width="2.5"/></svg>`;

const STYLESHEET = `
:root { color-scheme: light; --ink: #1c2430; --muted: #5b6472; --line: #d9dee5; --accent: #0b5fff;
  --ok: #11703a; --bad: #b42318; --bad-bg: #fdecea; --ok-bg: #e8f6ee; --paper: #ffffff; --bg: #f5f7fa; }
* { box-sizing: border-box; }
body { margin: 0; font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--ink); background: var(--bg); }
.page { max-width: 38rem; margin: 0 auto; padding: 1rem; }
.page.wide { max-width: 72rem; }
.card { background: var(--paper); border: 1px solid var(--line); border-radius: 0.5rem; padding: 1rem; margin: 0 0 1rem; }
h1 { font-size: 1.35rem; margin: 0 0 0.75rem; }
h2 { font-size: 1.1rem; margin: 0 0 0.5rem; }
h3 { font-size: 1rem; margin: 0.75rem 0 0.25rem; }
p { margin: 0 0 0.75rem; }
.muted { color: var(--muted); font-size: 0.9rem; }
.badge { display: inline-block; padding: 0 0.45rem; border-radius: 999px; font-size: 0.8rem; border: 1px solid var(--line); white-space: nowrap; }
.badge.eligible, .badge.delivered, .badge.paid, .badge.completed, .badge.active { background: var(--ok-bg); color: var(--ok); border-color: #b7e1c8; }
.badge.regular, .badge.pending, .badge.open { background: #eef2f7; color: var(--muted); }
.badge.failed, .badge.expired, .badge.cancelled, .badge.revoked { background: var(--bad-bg); color: var(--bad); border-color: #f4c7c2; }
.items { list-style: none; margin: 0; padding: 0; }
.items li { display: flex; justify-content: space-between; gap: 0.75rem; padding: 0.5rem 0; border-bottom: 1px solid var(--line); }
.items li:last-child { border-bottom: 0; }
.items li > span:first-child { flex: 1 1 auto; min-width: 0; }
.items li > span:last-child { white-space: nowrap; }
.item-name { overflow-wrap: anywhere; }
.eligibility-note { color: var(--muted); font-size: 0.8rem; }
.test-cards td.mono { white-space: nowrap; font-size: 0.82rem; }
dl.amounts { display: grid; grid-template-columns: 1fr auto; gap: 0.25rem 1rem; margin: 0; }
dl.amounts dt { color: var(--muted); }
dl.amounts dd { margin: 0; text-align: right; font-variant-numeric: tabular-nums; }
dl.amounts .total { font-weight: 700; color: var(--ink); }
label { display: block; font-weight: 600; margin: 0.75rem 0 0.25rem; }
.hint { display: block; font-weight: 400; color: var(--muted); font-size: 0.85rem; }
input, select { width: 100%; font: inherit; padding: 0.55rem 0.65rem; border: 1px solid #9aa4b2; border-radius: 0.375rem; background: #fff; }
input:focus, select:focus, button:focus { outline: 3px solid #9cc0ff; outline-offset: 1px; }
fieldset { border: 1px solid var(--line); border-radius: 0.375rem; margin: 0.75rem 0; padding: 0.5rem 0.75rem; }
fieldset label { display: inline-flex; align-items: center; gap: 0.35rem; font-weight: 400; margin: 0.15rem 0.75rem 0.15rem 0; }
fieldset input { width: auto; }
.actions { display: flex; flex-wrap: wrap; gap: 0.5rem; margin-top: 1rem; }
button { font: inherit; padding: 0.55rem 1rem; border-radius: 0.375rem; border: 1px solid var(--accent); background: var(--accent); color: #fff; cursor: pointer; }
button.secondary { background: #fff; color: var(--accent); }
button.danger { background: #fff; color: var(--bad); border-color: var(--bad); }
.actions button.primary { flex: 1 1 12rem; }
.alert { border-radius: 0.375rem; padding: 0.75rem; margin: 0 0 1rem; }
.alert.error { background: var(--bad-bg); color: var(--bad); border: 1px solid #f4c7c2; }
.alert.success { background: var(--ok-bg); color: var(--ok); border: 1px solid #b7e1c8; }
code, .mono { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; font-size: 0.88rem; overflow-wrap: anywhere; }
.secret { display: block; padding: 0.5rem; background: #fffbe6; border: 1px dashed #d4a800; border-radius: 0.375rem; }
.table-wrap { overflow-x: auto; }
table { border-collapse: collapse; width: 100%; font-size: 0.9rem; }
th, td { text-align: left; padding: 0.35rem 0.5rem; border-bottom: 1px solid var(--line); vertical-align: top; }
tr.failed td, tr.attempt-failed td { background: var(--bad-bg); }
nav.modes { display: flex; gap: 0.75rem; flex-wrap: wrap; align-items: center; margin-bottom: 1rem; }
nav.modes a { color: var(--accent); }
nav.modes a[aria-current="page"] { font-weight: 700; color: var(--ink); text-decoration: none; }
.merchant { display: flex; gap: 0.5rem; flex-wrap: wrap; align-items: center; margin: 0 0 1rem; }
.merchant select { max-width: 100%; min-width: 0; }
form.inline { display: inline; }
form.row { display: flex; flex-wrap: wrap; gap: 0.5rem; align-items: flex-end; }
form.row label { margin: 0; }
form.row > div { flex: 1 1 10rem; }
.test-cards summary { cursor: pointer; font-weight: 600; }
legend { font-weight: 600; padding: 0 0.25rem; }
fieldset.payer label { display: block; font-weight: 600; margin: 0.75rem 0 0.25rem; }
fieldset.payer input { width: 100%; }
.field-error { display: block; color: var(--bad); font-size: 0.85rem; margin: 0 0 0.25rem; }
input[aria-invalid="true"] { border-color: var(--bad); border-width: 2px; }
.hint.lmn { margin-top: 0.25rem; }
.recurrence-summary { font-weight: 600; }
.alert:focus { outline: 3px solid #9cc0ff; outline-offset: 1px; }
.end-links { display: flex; flex-wrap: wrap; gap: 0.75rem; margin-top: 0.5rem; }
.end-links a { color: var(--accent); }
`.trim();

/** The static assets the hosted pages load (same origin, so the CSP stays `'self'`), by path. */
export const ASSETS: ReadonlyMap<string, StaticFile> = new Map([
  [STYLESHEET_PATH, { type: 'text/css; charset=utf-8', body: STYLESHEET }],
  [SCRIPT_PATH, { type: 'text/javascript; charset=utf-8', body: `(${String(checkoutFrameScript)})();\n` }],
  [ICON_PATH, { type: 'image/svg+xml', body: ICON }],
]);

/** A static file the pages load: its content type and body. */
export interface StaticFile {
  readonly type: string;
  readonly body: string;
}

/** Answers a static file (`nosniff`, revalidated on every use, same-origin only); no body for `HEAD`. */
export function staticFileResponse(asset: StaticFile, method: string): Response {
  return new Response(method === 'HEAD' ? null : asset.body, {
    status: 200,
    headers: {
      'content-type': asset.type,
      'x-content-type-options': 'nosniff',
      'cache-control': 'no-cache',
      'cross-origin-resource-policy': 'same-origin',
    },
  });
}
