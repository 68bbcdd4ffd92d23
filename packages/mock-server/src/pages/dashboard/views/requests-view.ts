import type { Mode } from '@glm/domain';
import { type FaultRule, type JournalEntry, planFault } from '@glm/domain/test-helpers';
import { type Html, html } from '../../kit/html.ts';
import type { PageContext } from '../../page-context.ts';
import { DASHBOARD_ROWS, num, postButton, table, time } from '../parts.ts';
import { section } from './order-sections.ts';

/** What a rule catches, in words: `POST /v2/checkout`, `createCheckoutSession`, or every request. */
const matchOf = (rule: FaultRule): string => {
  const { method, path, operation } = rule.match;
  const parts = [method, path, operation].filter((part) => part !== undefined);
  return parts.length === 0 ? 'every API request' : parts.join(' ');
};

/** What a rule does, in words: `503 service_unavailable`, `network reset`, `delay 2000 ms`, and when. */
const effectOf = (rule: FaultRule): string => {
  const { effect, delayMs, when } = planFault(rule.fault);
  const parts = [
    effect.kind === 'status' ? `${effect.status} ${effect.code}` : undefined,
    effect.kind === 'network' ? `network ${effect.network}` : undefined,
    delayMs > 0 ? `delay ${delayMs} ms` : undefined,
    when === 'after' ? 'after the work' : undefined,
  ];
  return parts.filter((part) => part !== undefined).join(', ');
};

const ruleRow = (rule: FaultRule, mode: Mode): Html =>
  html`<tr data-fault-id="${rule.id}"><td class="mono">${rule.id}</td><td>${matchOf(rule)}</td><td>${effectOf(rule)}</td>
<td class="num">${rule.remaining === null ? 'until removed' : String(rule.remaining)}</td><td class="num">${String(rule.probability)}</td>
<td>${postButton({ action: `/dashboard/faults/${encodeURIComponent(rule.id)}/delete`, mode, label: 'Remove', className: 'danger', name: `Remove fault rule ${rule.id}`, returnTo: '/dashboard/requests' })}</td></tr>`;

const entryRow = (entry: JournalEntry): Html =>
  html`<tr><td>${time(entry.created_at)}</td><td>${entry.method}</td><td class="mono">${entry.path}${entry.query === '' ? '' : `?${entry.query}`}</td>
<td>${entry.operation ?? '—'}</td><td class="num">${entry.status === 0 ? 'no answer' : String(entry.status)}</td>
<td>${entry.replayed ? 'replayed' : ''}${entry.fault === null ? '' : html` <span class="badge failed">fault ${entry.fault}</span>`}</td>
<td class="mono">${entry.client ?? '—'}</td><td class="mono">${entry.request_id}</td></tr>${
    entry.warning === null
      ? ''
      : html`<tr data-warning-of="${entry.request_id}"><td colspan="8"><span class="badge regular">warning</span> ${entry.warning}</td></tr>`
  }`;

/**
 * The fault rules in force (each removable) and the latest requests of the journal, newest first, with
 * the fault that struck each, whether it was a replay, the client that sent it (its `x-glm-client`
 * header, which the SDK sends: `@glm/sdk/1.2.0 (node/20.19.0)`), and under a request the
 * `Glm-Mock-Warning` its answer carried.
 */
export function requestsView(context: PageContext, mode: Mode): Html {
  const rules = context.faults.list();
  const page = context.journal.page({}, DASHBOARD_ROWS);
  const entries = page?.data ?? [];
  const dropped = context.journal.dropped();
  return html`${section(
    'fault-list-heading',
    'Fault rules',
    table(
      'Oldest first: the first rule that matches a request strikes',
      ['Rule', 'Matches', 'Does', num('Times left'), num('Probability'), 'Action'],
      rules.map((rule) => ruleRow(rule, mode)),
      'No fault rules: every request is answered as usual.',
    ),
    'fault-list',
  )}${section(
    'request-list-heading',
    'Requests',
    html`${table(
      `The latest ${DASHBOARD_ROWS}, newest first${dropped > 0 ? ` (${dropped} older requests no longer kept)` : ''}`,
      ['Time', 'Method', 'Path', 'Operation', num('Status'), 'Replay or fault', 'Client', 'Request id'],
      entries.map(entryRow),
      'No requests yet.',
    )}`,
    'request-list',
  )}`;
}
