import type { VerifyReport } from './run.ts';

const COLUMNS = ['METHOD', 'PATH', 'CASE', 'EXPECTED', 'GOT', 'VERDICT', 'DIFFERENCE'] as const;

/** Whether a report shows drift: any row whose verdict is `drift`. */
export const hasDrift = (report: VerifyReport): boolean => report.rows.some((row) => row.verdict === 'drift');

/**
 * The report as text: one aligned row per probe (method, path, case, expected status, got, verdict,
 * first difference or skip reason), then what the run created, what it did not probe, and a last line
 * `no drift (N ok, M skipped)` or `drift in K of N probes`.
 */
export function formatReport(report: VerifyReport): string {
  const cells = report.rows.map((row) => [
    row.method,
    row.path,
    row.case,
    String(row.expected),
    row.got === undefined ? '-' : String(row.got),
    row.verdict,
    row.note,
  ]);
  const widths = COLUMNS.map((title, index) =>
    Math.max(title.length, ...cells.map((line) => (line[index] ?? '').length)),
  );
  const line = (values: readonly string[]) =>
    values
      .map((value, index) => (index === values.length - 1 ? value : value.padEnd(widths[index] ?? 0)))
      .join('  ')
      .trimEnd();
  const out = [line(COLUMNS), ...cells.map(line), ''];
  out.push(
    report.created.length === 0
      ? 'created: nothing'
      : `created (test mode): ${report.created.map((object) => `${object.kind} ${object.id}`).join(', ')}`,
  );
  if (report.skippedTestHelpers.length > 0) {
    out.push(
      `skipped ${report.skippedTestHelpers.length} test-helper endpoints (the mock's own; --include-test-helpers probes them)`,
    );
  }
  if (report.unprobed.length > 0) out.push(`not probed: ${report.unprobed.join(', ')}`);
  const ran = report.rows.filter((row) => row.verdict !== 'skip');
  const drift = ran.filter((row) => row.verdict === 'drift').length;
  const skipped = report.rows.length - ran.length;
  out.push(
    drift === 0
      ? `no drift (${ran.length} ok, ${skipped} skipped)`
      : `drift in ${drift} of ${ran.length} probes (${skipped} skipped)`,
  );
  return `${out.join('\n')}\n`;
}
