import { parseArgs } from 'node:util';
import { parseApiKey } from '@glm/domain';
import type { OpenApiDocument } from '../../http/openapi/build-document.ts';
import { openApiDocument } from '../../http/openapi-document.ts';
import type { Probe } from './probe.ts';
import { PROBES } from './probes.ts';
import { formatReport, hasDrift } from './report.ts';
import { runVerify, VerifyStopped, versionRoot } from './run.ts';

/** The usage text of `glm-mock verify` (also part of `glm-mock --help`). */
export const VERIFY_USAGE = `       glm-mock verify [--against URL | --base-url URL] [--key KEY] [--include-test-helpers]

  A drift check: runs a compact contract probe (a success and an error per endpoint group) against any
  server (this mock, another build of it, the real service's sandbox) and compares each answer with
  this package's OpenAPI document: status, error body and code, required fields and their types, id
  prefixes, pagination. Prints one row per probe and what it created (test mode only). Exit 0: no
  drift; 1: drift; 2: unreachable, key refused, or a live key (refused before any request).
  --against URL            the server (default: GLM_BASE_URL, then http://127.0.0.1:4010);
                           --base-url URL says the same, as trigger takes it
  --key KEY                a test key of that server (default: GLM_API_KEY)
  --include-test-helpers   also probe /v2/test_helpers/... (the mock's own; absent from a real
                           service): pays a checkout, refunds it, starts and cancels a subscription`;

const DEFAULT_BASE_URL = 'http://127.0.0.1:4010';

/** What `verifyCommand` writes to and reads. */
export interface VerifyIo {
  /** The report. */
  readonly stdout: { write(chunk: string): unknown };
  /** One-line refusals. */
  readonly stderr: { write(chunk: string): unknown };
  /** `GLM_BASE_URL` and `GLM_API_KEY`. */
  readonly env: Readonly<Record<string, string | undefined>>;
}

/** Seams for tests: another document or probe list than the package's own. */
export interface VerifyCommandOptions {
  /** The contract; default the package's OpenAPI document. */
  readonly document?: OpenApiDocument;
  /** The probes; default the package's contract probe. */
  readonly probes?: readonly Probe[];
}

class Refusal extends Error {}

function readKey(key: string | undefined): string {
  if (key === undefined || key === '')
    throw new Refusal('no key: give --key or set GLM_API_KEY to a test key.');
  const parsed = parseApiKey(key);
  if (key.startsWith('glm_live_') || (parsed.ok && parsed.value.mode !== 'test')) {
    throw new Refusal('verify refuses a live key: it creates objects, test keys only.');
  }
  if (!parsed.ok) throw new Refusal(`--key is not a well-formed test key: ${parsed.message}`);
  return key;
}

/**
 * `glm-mock verify`: checks a server against the package's OpenAPI document and answers the exit code:
 * 0 when every probe matches, 1 on drift (the report says where), 2 when it cannot run (a bad option,
 * no key, a live key — refused before any request — an unreachable server, or a key the server refuses),
 * with one line on stderr.
 */
export async function verifyCommand(
  args: readonly string[],
  io: VerifyIo,
  options: VerifyCommandOptions = {},
): Promise<number> {
  try {
    const { values, positionals } = parseArgs({
      args: [...args],
      options: {
        against: { type: 'string' },
        'base-url': { type: 'string' },
        key: { type: 'string' },
        'include-test-helpers': { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
      strict: true,
      allowPositionals: true,
    });
    if (values.help) {
      io.stdout.write(`Usage: ${VERIFY_USAGE.trimStart()}\n`);
      return 0;
    }
    if (positionals.length > 0)
      throw new Refusal(`verify takes no arguments (got ${positionals.join(' ')}).`);
    const key = readKey(values.key ?? io.env['GLM_API_KEY']);
    const baseUrl = values.against ?? values['base-url'] ?? io.env['GLM_BASE_URL'] ?? DEFAULT_BASE_URL;
    if (!URL.canParse(baseUrl) || !/^https?:$/.test(new URL(baseUrl).protocol)) {
      throw new Refusal(`--against must be an http(s) URL, not ${baseUrl}.`);
    }
    const document = options.document ?? openApiDocument();
    const report = await runVerify({
      baseUrl,
      key,
      document,
      probes: options.probes ?? PROBES,
      includeTestHelpers: values['include-test-helpers'],
    });
    // Printed once the run is over: nothing on stdout when it could not run.
    io.stdout.write(
      `verifying ${versionRoot(baseUrl)} against ${document.info.title} ${document.info.version}\n\n`,
    );
    io.stdout.write(formatReport(report));
    return hasDrift(report) ? 1 : 0;
  } catch (error) {
    // parseArgs refuses unknown or malformed options with an ERR_PARSE_ARGS_* error naming the option.
    const code = (error as { code?: unknown } | null)?.code;
    const badOption =
      error instanceof TypeError && typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS');
    if (!(error instanceof Refusal || error instanceof VerifyStopped || badOption)) throw error;
    io.stderr.write(`glm-mock: ${error.message}\n`);
    return 2;
  }
}
