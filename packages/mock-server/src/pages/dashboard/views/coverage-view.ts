import type { Coverage, CoverageOperation } from '@glm/domain/test-helpers';
import { type Html, html } from '../../kit/html.ts';
import { num, table } from '../parts.ts';
import { section } from './order-sections.ts';

const counts = (tally: Readonly<Record<string, number>>): string =>
  Object.entries(tally)
    .map(([key, count]) => `${key} × ${count}`)
    .join(', ');

const operationRow = (entry: CoverageOperation): Html =>
  html`<tr><td class="mono">${entry.operation}</td><td>${entry.method}</td><td class="mono">${entry.path}</td>
<td class="num">${String(entry.requests)}</td><td>${counts(entry.statuses)}</td><td>${counts(entry.error_codes)}</td>
<td class="num">${String(entry.replays)}</td><td class="num">${String(entry.retries)}</td><td class="num">${String(entry.faults)}</td></tr>`;

const share = (used: number, total: number): string =>
  `${used} of ${total} (${total === 0 ? 100 : Math.round((used / total) * 1000) / 10}%)`;

/**
 * What the merchant's requests exercised since the server started (or coverage was cleared), and what
 * they never did: operations, event types delivered, test cards and documented error answers.
 */
export function coverageView(coverage: Coverage): Html {
  const { totals, missing } = coverage;
  return html`<p class="muted">Counted since ${coverage.since}; a reset or a snapshot load keeps the counts.</p>
<dl class="coverage-totals">
<dt>Operations used</dt><dd data-total="operations">${share(totals.operations.used, totals.operations.total)}</dd>
<dt>Event types delivered</dt><dd data-total="event-types">${share(totals.event_types.delivered, totals.event_types.total)}</dd>
<dt>Test cards used</dt><dd data-total="test-cards">${share(totals.test_cards.used, totals.test_cards.total)}</dd>
<dt>Documented error answers given</dt><dd data-total="error-answers">${share(totals.error_answers.used, totals.error_answers.total)}</dd>
</dl>${section(
    'coverage-used-heading',
    'Operations called',
    table(
      'Each operation called, with its answers',
      [
        'Operation',
        'Method',
        'Path',
        num('Requests'),
        'Statuses',
        'Error codes',
        num('Replays'),
        num('Retries'),
        num('Faults'),
      ],
      coverage.operations.map(operationRow),
      'No requests yet.',
    ),
    'coverage-used',
  )}${section(
    'coverage-missing-heading',
    'Never exercised',
    html`${table(
      'Operations never called',
      ['Operation', 'Method', 'Path'],
      missing.operations.map(
        (entry) =>
          html`<tr><td class="mono">${entry.operation}</td><td>${entry.method}</td><td class="mono">${entry.path}</td></tr>`,
      ),
      'Every operation was called.',
    )}<p>Event types never delivered: <span class="mono">${missing.event_types_never_delivered.join(', ') || 'none'}</span></p>
${table(
  'Test cards never used',
  ['Card', 'Outcome', 'Decline code'],
  missing.test_card_outcomes.map(
    (card) =>
      html`<tr><td class="mono">${card.number}</td><td>${card.outcome}</td><td>${card.decline_code ?? '—'}</td></tr>`,
  ),
  'Every test card was used.',
)}`,
    'coverage-missing',
  )}`;
}
