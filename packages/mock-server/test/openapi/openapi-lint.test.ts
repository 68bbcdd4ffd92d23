import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createMockService } from '../../src/index.ts';

// Spectral's `spectral:oas` and Redocly's `recommended` rulesets on the document the server serves.
// Both CLIs are npm packages run from node_modules (Node 20 is in their engines); their rulesets are
// built in, and Redocly's telemetry and update check are turned off, so nothing is downloaded.
// Every problem fails, warnings included: the document has none, and a new one should be fixed or
// switched off here with the reason.

const run = promisify(execFile);
const require = createRequire(import.meta.url);

/** The path of a package's command-line script, from its `bin`. */
function binOf(name: string, command: string): string {
  const manifest = require.resolve(`${name}/package.json`);
  const { bin } = require(manifest) as { bin: string | Record<string, string> };
  return join(dirname(manifest), typeof bin === 'string' ? bin : (bin[command] ?? ''));
}

let directory: string;
let documentPath: string;

beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'glm-openapi-lint-'));
  const service = createMockService();
  const response = await service.handle(new Request('http://127.0.0.1/openapi.json'));
  documentPath = join(directory, 'openapi.json');
  await writeFile(documentPath, await response.text());
});

afterAll(async () => {
  await rm(directory, { recursive: true, force: true });
});

/** A problem as both tools report it, reduced to what a reader needs. */
interface Problem {
  readonly rule: string;
  readonly severity: string;
  readonly where: string;
  readonly message: string;
}

const SPECTRAL_SEVERITY = ['error', 'warn', 'info', 'hint'];

test('Spectral (spectral:oas) finds nothing in the served document', async () => {
  const ruleset = join(directory, '.spectral.yaml');
  const output = join(directory, 'spectral.json');
  await writeFile(ruleset, 'extends: ["spectral:oas"]\n');
  await run(
    process.execPath,
    [
      binOf('@stoplight/spectral-cli', 'spectral'),
      'lint',
      documentPath,
      '--ruleset',
      ruleset,
      '--format',
      'json',
      '--output',
      output,
      '--fail-severity',
      'hint',
    ],
    { env: { ...process.env, NO_COLOR: '1' } },
  ).catch((error: unknown) => error);
  const results = JSON.parse(await readFile(output, 'utf8')) as {
    code: string;
    severity: number;
    path: string[];
    message: string;
  }[];
  const problems: Problem[] = results.map((result) => ({
    rule: result.code,
    severity: SPECTRAL_SEVERITY[result.severity] ?? String(result.severity),
    where: result.path.join('.'),
    message: result.message,
  }));
  expect(problems).toEqual([]);
}, 60_000);

test('Redocly (recommended) finds nothing in the served document', async () => {
  const config = join(directory, 'redocly.yaml');
  await writeFile(config, 'extends:\n  - recommended\n');
  const { stdout } = await run(
    process.execPath,
    [binOf('@redocly/cli', 'redocly'), 'lint', documentPath, '--config', config, '--format', 'json'],
    {
      env: {
        ...process.env,
        REDOCLY_TELEMETRY: 'off',
        REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true',
        NO_COLOR: '1',
      },
      maxBuffer: 16 * 1024 * 1024,
    },
  ).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
  const report = JSON.parse(stdout) as {
    problems: { ruleId: string; severity: string; message: string; location: { pointer: string }[] }[];
  };
  const problems: Problem[] = report.problems.map((problem) => ({
    rule: problem.ruleId,
    severity: problem.severity,
    where: problem.location[0]?.pointer ?? '',
    message: problem.message,
  }));
  expect(problems).toEqual([]);
}, 60_000);
