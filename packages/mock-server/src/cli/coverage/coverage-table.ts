import type { Coverage } from '@glm/domain/test-helpers';
import { percentOf } from './fail-under.ts';

const pad = (rows: readonly (readonly string[])[]): string[] => {
  const widths = rows[0]?.map((_, column) => Math.max(...rows.map((row) => row[column]?.length ?? 0))) ?? [];
  return rows.map((row) =>
    `  ${row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('  ')}`.trimEnd(),
  );
};

const tally = (counts: Readonly<Record<string, number>>): string =>
  Object.entries(counts)
    .map(([key, count]) => `${key}×${count}`)
    .join(' ');

const share = (label: string, used: number, total: number): string =>
  `${used}/${total} ${label} (${percentOf({ used, total }).toFixed(1)}%)`;

/**
 * The coverage report as the readable table `glm-mock coverage` prints: totals, the operations used with
 * their statuses, codes, replays, retries and faults, then what is missing.
 *
 * @example
 * // At the end of a suite (a Vitest `afterAll`), before the server stops:
 * process.stdout.write(`${coverageTable(mock.coverage())}\n`);
 */
export function coverageTable(coverage: Coverage): string {
  const { totals, missing } = coverage;
  const lines = [
    `Coverage (${coverage.scope}) since ${coverage.since}, ${totals.requests} requests:`,
    `  ${share('operations', totals.operations.used, totals.operations.total)}, ${share('event types delivered', totals.event_types.delivered, totals.event_types.total)}, ${share('test cards', totals.test_cards.used, totals.test_cards.total)}, ${share('documented error answers', totals.error_answers.used, totals.error_answers.total)}`,
    '',
    'Used operations:',
  ];
  const used = coverage.operations.map((entry) => [
    entry.operation,
    `${entry.method} ${entry.path}`,
    String(entry.requests),
    tally(entry.statuses),
    [
      tally(entry.error_codes),
      entry.replays > 0 ? `replays×${entry.replays}` : '',
      entry.retries > 0 ? `retries×${entry.retries}` : '',
      entry.faults > 0 ? `faults×${entry.faults}` : '',
    ]
      .filter((part) => part !== '')
      .join(' '),
  ]);
  lines.push(
    ...(used.length === 0
      ? ['  (none)']
      : pad([['operation', 'route', 'requests', 'statuses', 'codes and more'], ...used])),
  );
  lines.push('', 'Operations never called:');
  lines.push(
    ...(missing.operations.length === 0
      ? ['  (none)']
      : pad(missing.operations.map((entry) => [entry.operation, `${entry.method} ${entry.path}`]))),
  );
  lines.push(
    '',
    'Event types never delivered:',
    `  ${missing.event_types_never_delivered.join(', ') || '(none)'}`,
  );
  lines.push('', 'Test cards never used:');
  lines.push(
    ...(missing.test_card_outcomes.length === 0
      ? ['  (none)']
      : pad(missing.test_card_outcomes.map((card) => [card.number, card.outcome, card.decline_code ?? '']))),
  );
  lines.push(
    '',
    `Documented error answers never given: ${missing.error_answers.length} (--json lists them by operation).`,
  );
  return lines.join('\n');
}
