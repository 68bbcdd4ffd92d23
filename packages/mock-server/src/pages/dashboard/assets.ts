import type { StaticFile } from '../kit/assets.ts';
import { dashboardLiveScript } from './live-script.ts';

/** Path of the dashboard's stylesheet (added to the hosted pages' one). */
export const DASHBOARD_STYLESHEET_PATH = '/dashboard/assets/dashboard.css';
/** Path of the dashboard's live-update script. */
export const DASHBOARD_SCRIPT_PATH = '/dashboard/assets/live.js';

const STYLESHEET = `
.dash-header { display: flex; flex-wrap: wrap; gap: 0.5rem 1.5rem; align-items: center; margin-bottom: 1rem; }
.dash-brand { font-weight: 700; margin: 0; }
.dash-nav { display: flex; flex-wrap: wrap; gap: 0.25rem 1rem; list-style: none; margin: 0; padding: 0; }
.dash-nav a, .dash-header .modes a { color: var(--accent); }
.dash-nav a[aria-current="page"], .dash-header .modes a[aria-current="true"] { font-weight: 700; color: var(--ink); text-decoration: none; }
.dash-header .modes { margin: 0; }
.live-status { display: flex; gap: 0.5rem; align-items: center; margin: 0; font-size: 0.9rem; color: var(--muted); }
.live-status[hidden] { display: none; }
.live-status button { padding: 0.25rem 0.6rem; font-size: 0.85rem; }
.detail-grid { display: grid; grid-template-columns: repeat(auto-fit, minmax(18rem, 1fr)); gap: 0 1rem; }
dl.facts { display: grid; grid-template-columns: max-content 1fr; gap: 0.2rem 1rem; margin: 0; }
dl.facts dt { color: var(--muted); }
dl.facts dd { margin: 0; overflow-wrap: anywhere; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
ol.history { margin: 0; padding-left: 1.25rem; }
.event { border-top: 1px solid var(--line); padding: 0.5rem 0; }
.event:first-of-type { border-top: 0; }
.event h3 { margin: 0 0 0.25rem; font-size: 0.95rem; }
form.stack { display: flex; flex-direction: column; gap: 0.25rem; align-items: flex-start; }
form.stack fieldset { margin: 0; }
a { color: var(--accent); }
.alert a { color: inherit; }
`.trim();

/** The dashboard's static files, by path: they hold no data, so they are served without the dashboard token. */
export const DASHBOARD_ASSETS: ReadonlyMap<string, StaticFile> = new Map([
  [DASHBOARD_STYLESHEET_PATH, { type: 'text/css; charset=utf-8', body: STYLESHEET }],
  [
    DASHBOARD_SCRIPT_PATH,
    { type: 'text/javascript; charset=utf-8', body: `(${String(dashboardLiveScript)})();\n` },
  ],
]);
