// The suite's coverage, summed over the reports its end-to-end files kept (test/support/coverage.ts),
// printed as what was exercised and what never was, and a CI gate: `--fail-under <percent>` exits 1
// when the share of the API's operations the suite called is below it.
//
//   npm test && npm run coverage          # the app's scripts: `--fail-under` is set there
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { Coverage } from '@glm/domain/test-helpers';
import { COVERAGE_DIRECTORY } from './support/coverage.js';

/** What no file exercised: the items every report lists as missing. */
function missingInEvery<T>(
  reports: readonly Coverage[],
  list: (report: Coverage) => readonly T[],
  key: (item: T) => string,
): T[] {
  const [first, ...rest] = reports;
  if (first === undefined) return [];
  const elsewhere = rest.map((report) => new Set(list(report).map(key)));
  return list(first).filter((item) => elsewhere.every((keys) => keys.has(key(item))));
}

/** The suite's coverage: what is missing in every file's report, and the shares that leaves. */
export function suiteCoverage(reports: readonly Coverage[]) {
  const first = reports[0];
  if (first === undefined) throw new Error(`no coverage report in ${COVERAGE_DIRECTORY}: run npm test first`);
  const missing = {
    operations: missingInEvery(
      reports,
      (r) => r.missing.operations,
      (o) => o.operation,
    ),
    errorAnswers: missingInEvery(
      reports,
      (r) => r.missing.error_answers,
      (a) => `${a.operation} ${a.status}`,
    ),
    eventTypes: missingInEvery(
      reports,
      (r) => r.missing.event_types_never_delivered,
      (type) => type,
    ),
    testCards: missingInEvery(
      reports,
      (r) => r.missing.test_card_outcomes,
      (card) => card.number,
    ),
  };
  const share = (total: number, notUsed: number) => ({ used: total - notUsed, total });
  return {
    requests: reports.reduce((sum, report) => sum + report.totals.requests, 0),
    operations: share(first.totals.operations.total, missing.operations.length),
    errorAnswers: share(first.totals.error_answers.total, missing.errorAnswers.length),
    eventTypes: share(first.totals.event_types.total, missing.eventTypes.length),
    testCards: share(first.totals.test_cards.total, missing.testCards.length),
    missing,
  };
}

const percent = ({ used, total }: { used: number; total: number }) =>
  total === 0 ? 100 : (used / total) * 100;
const line = (label: string, share: { used: number; total: number }) =>
  `${share.used}/${share.total} ${label} (${percent(share).toFixed(1)}%)`;

/** One line per operation: `createRefund: 400 401 404`. */
function byOperation(answers: readonly { operation: string; status: number }[]): string[] {
  const statuses = new Map<string, number[]>();
  for (const { operation, status } of answers)
    statuses.set(operation, [...(statuses.get(operation) ?? []), status]);
  return [...statuses].map(([operation, list]) => `  ${operation}: ${list.join(' ')}`);
}

function main(): void {
  const { values } = parseArgs({ options: { 'fail-under': { type: 'string' } } });
  const files = existsSync(COVERAGE_DIRECTORY)
    ? readdirSync(COVERAGE_DIRECTORY).filter((file) => file.endsWith('.json'))
    : [];
  const reports = files.map(
    (file) => JSON.parse(readFileSync(join(COVERAGE_DIRECTORY, file), 'utf8')) as Coverage,
  );
  const suite = suiteCoverage(reports);
  const out = [
    `Coverage of the suite (${files.length} servers, ${suite.requests} requests):`,
    `  ${line('operations', suite.operations)}, ${line('documented error answers', suite.errorAnswers)}, ${line('event types delivered', suite.eventTypes)}, ${line('test cards', suite.testCards)}`,
    'Operations never called:',
    ...suite.missing.operations.map((entry) => `  ${entry.operation} (${entry.method} ${entry.path})`),
    'Documented error answers never given:',
    ...byOperation(suite.missing.errorAnswers),
    'Event types never delivered:',
    `  ${suite.missing.eventTypes.join(', ')}`,
    'Test cards never used:',
    ...suite.missing.testCards.map((card) =>
      `  ${card.number} ${card.outcome} ${card.decline_code ?? ''}`.trimEnd(),
    ),
  ];
  process.stdout.write(`${out.join('\n')}\n`);
  const threshold =
    values['fail-under'] === undefined ? undefined : Number(values['fail-under'].replace(/%$/, ''));
  if (threshold !== undefined && percent(suite.operations) < threshold) {
    process.stderr.write(
      `operations used ${percent(suite.operations).toFixed(1)}% < --fail-under ${threshold}%\n`,
    );
    process.exitCode = 1;
  }
}

main();
