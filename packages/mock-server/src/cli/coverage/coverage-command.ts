import { parseArgs } from 'node:util';
import { parseApiKey } from '@glm/domain';
import { Coverage } from '@glm/domain/test-helpers';
import { type CliIo, type CliOutcome, CliRefusal } from '../cli-io.ts';
import { coverageTable } from './coverage-table.ts';
import { parseFailUnder, percentOf } from './fail-under.ts';

/** The usage of `glm-mock coverage`. */
export const COVERAGE_USAGE = `       glm-mock coverage [--json] [--scope server] [--fail-under PERCENT] [--base-url URL] [--key KEY]

  Asks a running server what its requests exercised and what they never did: operations called (with
  statuses, error codes, replays, retries and faults) and never called, event types never delivered,
  test cards never used, documented error answers never given. Exits 1 when the operations used are
  below --fail-under (a CI gate), 2 on a refusal.
  --json               print the server's whole report as JSON instead
  --scope server       every merchant of the server, summed (a CI fleet's whole run)
  --fail-under PERCENT exit 1 below this share of operations used: 80 or 80% (0 to 100)
  --base-url URL       the server (default: GLM_BASE_URL, then http://127.0.0.1:4010)
  --key KEY            a test key (default: GLM_API_KEY); a live key is refused before any request`;

const DEFAULT_BASE_URL = 'http://127.0.0.1:4010';

/** The key to send: a well-formed test key, or a refusal before any request. */
function coverageKey(given: string | undefined): string {
  if (given === undefined || given === '')
    throw new CliRefusal('no key: give --key or set GLM_API_KEY to a test key.', { usage: false });
  const parsed = parseApiKey(given);
  if (!parsed.ok)
    throw new CliRefusal(`--key is not a well-formed test key: ${parsed.message}`, { usage: false });
  if (parsed.value.mode !== 'test')
    throw new CliRefusal('coverage answers test keys only.', { usage: false });
  return given;
}

/** Reads the report from the server, or a one-line reason it could not. */
async function fetchCoverage(baseUrl: string, key: string, scope: string): Promise<Coverage | string> {
  const base = baseUrl.replace(/\/+$/, '');
  let response: Response;
  try {
    response = await fetch(`${base}/v2/test_helpers/coverage?scope=${scope}`, {
      headers: { authorization: `Bearer ${key}` },
    });
  } catch (error) {
    const cause =
      error instanceof Error && error.cause instanceof Error ? error.cause.message : String(error);
    return `cannot reach ${base}: ${cause}`;
  }
  const json: unknown = await response.json().catch(() => undefined);
  const parsed = Coverage.safeParse(json);
  if (response.ok && parsed.success) return parsed.data;
  const message = (json as { error?: { message?: unknown } } | undefined)?.error?.message;
  return `the server answered ${response.status}: ${typeof message === 'string' ? message : 'not a coverage report'}`;
}

/**
 * `glm-mock coverage`: prints the coverage report of the server at `--base-url` as a table (or JSON)
 * and exits 1 when the share of operations used is below `--fail-under`.
 */
export async function coverageCommand(args: readonly string[], io: CliIo): Promise<CliOutcome> {
  const { values, positionals } = parseArgs({
    args: [...args],
    options: {
      'base-url': { type: 'string' },
      key: { type: 'string' },
      json: { type: 'boolean', default: false },
      scope: { type: 'string', default: 'merchant' },
      'fail-under': { type: 'string' },
    },
    strict: true,
    allowPositionals: true,
  });
  if (positionals.length > 0) throw new CliRefusal(`coverage takes no arguments (${positionals[0]}).`);
  if (values.scope !== 'merchant' && values.scope !== 'server') {
    throw new CliRefusal(`--scope takes merchant or server, not ${values.scope}.`);
  }
  const given = values['fail-under'];
  const threshold = given === undefined ? undefined : parseFailUnder(given);
  if (given !== undefined && threshold === undefined) {
    throw new CliRefusal(`--fail-under takes a percentage from 0 to 100 (80 or 80%), not ${given}.`);
  }
  const key = coverageKey(values.key ?? io.env['GLM_API_KEY']);
  const baseUrl = values['base-url'] ?? io.env['GLM_BASE_URL'] ?? DEFAULT_BASE_URL;
  const coverage = await fetchCoverage(baseUrl, key, values.scope);
  if (typeof coverage === 'string') {
    io.stderr.write(`glm-mock: ${coverage}\n`);
    return { kind: 'exit', code: 2 };
  }
  io.stdout.write(`${values.json ? JSON.stringify(coverage, null, 2) : coverageTable(coverage)}\n`);
  const percent = percentOf(coverage.totals.operations);
  if (threshold !== undefined && percent < threshold) {
    io.stderr.write(
      `glm-mock: ${percent.toFixed(1)}% of operations exercised, below --fail-under ${threshold}%.\n`,
    );
    return { kind: 'exit', code: 1 };
  }
  return { kind: 'exit', code: 0 };
}
