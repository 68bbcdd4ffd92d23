// Each end-to-end file runs its own `glm-mock serve`, so each keeps its server's coverage as it ends:
// `coverage/<file>.json` in the app's folder, which `npm run coverage` (test/coverage-report.ts) sums
// into the suite's report and its CI gate.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { MockProcess } from './glm-mock.js';

/** Where the files' reports go: `coverage/` under the folder `npm test` runs in. */
export const COVERAGE_DIRECTORY = join(process.cwd(), 'coverage');

/**
 * Writes the server's coverage (every merchant of it: suites that make their own merchants count too)
 * as `coverage/<name>.json`. Call it before stopping the server.
 */
export async function keepCoverage(mock: MockProcess, name: string): Promise<void> {
  const coverage = await mock.client({ logLevel: 'off' }).testHelpers.coverage({ scope: 'server' });
  mkdirSync(COVERAGE_DIRECTORY, { recursive: true });
  writeFileSync(join(COVERAGE_DIRECTORY, `${name}.json`), `${JSON.stringify(coverage, null, 2)}\n`);
}
