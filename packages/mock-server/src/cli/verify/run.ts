import type { OpenApiDocument } from '../../http/openapi/build-document.ts';
import type { JsonSchema } from '../../http/openapi/schema-types.ts';
import { checkIdFormats } from './id-formats.ts';
import { firstSchemaDifference } from './json-schema.ts';
import { paginationDifference } from './pagination.ts';
import { isTestHelperPath, type Probe, type ProbeRequest, type ProbeState } from './probe.ts';

/** What one probe found: `ok`, `drift` (the first difference says what) or `skip` (it says why). */
type Verdict = 'ok' | 'drift' | 'skip';

/** One row of the report: a probe of an endpoint and its verdict. */
interface VerifyRow {
  /** The HTTP method. */
  readonly method: string;
  /** The document's path template. */
  readonly path: string;
  /** What the probe tried. */
  readonly case: string;
  /** The status the document expects. */
  readonly expected: number;
  /** The status the server answered; absent when skipped. */
  readonly got?: number;
  /** The verdict. */
  readonly verdict: Verdict;
  /** The first difference (drift) or the reason (skip); empty when ok. */
  readonly note: string;
}

/** An object the run created on the target, by kind and id. */
interface CreatedObject {
  /** Its kind (`product`, `checkout`, `order`…). */
  readonly kind: string;
  /** Its id. */
  readonly id: string;
}

/** What a verify run found. */
export interface VerifyReport {
  /** One row per probe that ran or was skipped for a missing prerequisite. */
  readonly rows: readonly VerifyRow[];
  /** What the run created on the target, in order. */
  readonly created: readonly CreatedObject[];
  /** Test-helper endpoints of the document not probed because the test helpers were left out. */
  readonly skippedTestHelpers: readonly string[];
  /** Endpoints of the document no probe covers (other test helpers, when included). */
  readonly unprobed: readonly string[];
}

/** A run that cannot go on: the target is unreachable or refuses the key. The CLI exits 2. */
export class VerifyStopped extends Error {}

/** Where and how `runVerify` probes. */
export interface VerifyTarget {
  /** The server's base URL: `http://host:port` (the probe adds `/v2`), or one ending in `/v2` or `/api/v2`. */
  readonly baseUrl: string;
  /** A test key of that server. */
  readonly key: string;
  /** The contract: the package's own OpenAPI document. */
  readonly document: OpenApiDocument;
  /** The probes, in order. */
  readonly probes: readonly Probe[];
  /** Also probe the mock's own `/test_helpers/...` endpoints (absent from a real service). */
  readonly includeTestHelpers: boolean;
  /** Milliseconds one request may take before the target counts as unreachable; default 10 000. */
  readonly timeoutMs?: number;
}

const MEDIA = 'application/json';
const MAX_RETRIES = 3;
const MAX_RETRY_DELAY_MS = 5_000;

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** How long to wait after a 429: its `Retry-After` seconds (at most 5 s), else one second. */
function retryDelayMs(header: string | null): number {
  const seconds = Number(header);
  if (header === null || !Number.isFinite(seconds) || seconds < 0) return 1_000;
  return Math.min(seconds * 1_000, MAX_RETRY_DELAY_MS);
}

const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};

/** The version root of a base URL: `http://h:1` → `http://h:1/v2`; `…/v2` and `…/api/v2` stay. */
export function versionRoot(baseUrl: string): string {
  const base = baseUrl.replace(/\/+$/, '');
  return /\/v2$/.test(base) ? base : `${base}/v2`;
}

function responseSchema(document: OpenApiDocument, probe: Probe, status: number): JsonSchema | undefined {
  const operation = document.paths[probe.path]?.[probe.method.toLowerCase()];
  const response = operation?.responses[String(status)];
  const content = record(record(response?.['content'])[MEDIA]);
  const schema = content['schema'];
  return typeof schema === 'object' && schema !== null ? (schema as JsonSchema) : undefined;
}

const errorCode = (body: unknown): string | undefined => {
  const code = record(record(body)['error'])['code'];
  return typeof code === 'string' ? code : undefined;
};

const endpoint = (method: string, path: string): string => `${method.toUpperCase()} ${path}`;

interface Answer {
  readonly status: number;
  readonly body: unknown;
  readonly json: boolean;
}

/**
 * Runs the contract probe against a server over plain HTTP: a first `GET /v2/products?limit=1` checks
 * that it answers and takes the key (else {@link VerifyStopped}); then each probe in order, comparing
 * the status, the body against the document's schema for that operation and status (required fields,
 * types, enums, the error body), the id prefixes, the expected `error.code` and, for lists, the
 * pagination. Test-helper probes run only when asked. A 429 is waited out (its `Retry-After`, up to
 * 5 s) and sent again, three times at most. Answers the rows and what was created.
 */
export async function runVerify(target: VerifyTarget): Promise<VerifyReport> {
  const root = versionRoot(target.baseUrl);
  const timeoutMs = target.timeoutMs ?? 10_000;
  const send = async (request: ProbeRequest, method: string, retries = MAX_RETRIES): Promise<Answer> => {
    let response: Response;
    try {
      response = await fetch(`${root}${request.path}`, {
        method,
        headers: {
          authorization: `Bearer ${request.key ?? target.key}`,
          accept: MEDIA,
          ...(request.body === undefined ? {} : { 'content-type': MEDIA }),
        },
        ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new VerifyStopped(`cannot reach ${root}: ${reason(error)}`);
    }
    const text = await response.text().catch(() => '');
    // Throttled: the request did nothing; wait as told (a few seconds at most) and send it again.
    if (response.status === 429 && retries > 0) {
      await sleep(retryDelayMs(response.headers.get('retry-after')));
      return send(request, method, retries - 1);
    }
    try {
      return { status: response.status, body: JSON.parse(text), json: true };
    } catch {
      return { status: response.status, body: text, json: false };
    }
  };

  const first = await send({ path: '/products?limit=1' }, 'GET');
  if (first.status === 401 || first.status === 403) {
    const code = errorCode(first.body);
    const status = code === undefined ? String(first.status) : `${first.status} ${code}`;
    throw new VerifyStopped(`${root} refuses the key (${status}): is it a test key of that server?`);
  }

  const state: ProbeState = {
    unique: `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`,
    ids: new Map(),
  };
  const rows: VerifyRow[] = [];
  const created: CreatedObject[] = [];
  const skippedTestHelpers = new Set<string>();
  for (const probe of target.probes) {
    const name = endpoint(probe.method, probe.path);
    const row = { method: probe.method, path: probe.path, case: probe.case, expected: probe.status };
    if (!target.includeTestHelpers && (probe.withTestHelpers || isTestHelperPath(probe.path))) {
      if (isTestHelperPath(probe.path)) skippedTestHelpers.add(name);
      continue;
    }
    const request = probe.request(state);
    if (typeof request === 'string') {
      rows.push({ ...row, verdict: 'skip', note: request });
      continue;
    }
    const answer = await send(request, probe.method);
    for (const keep of answer.status < 300 ? (probe.keep ?? []) : []) {
      const kept = keep.read(answer.body);
      if (typeof kept !== 'string' && typeof kept !== 'number') continue;
      state.ids.set(keep.as, String(kept));
      if (keep.created !== undefined) created.push({ kind: keep.created, id: String(kept) });
    }
    const read = (path: string) => send({ path }, 'GET');
    const note = await difference(probe, { request, answer, document: target.document, read });
    rows.push({ ...row, got: answer.status, verdict: note === undefined ? 'ok' : 'drift', note: note ?? '' });
  }

  const probed = new Set(target.probes.map((probe) => endpoint(probe.method, probe.path)));
  const unprobed: string[] = [];
  for (const [path, operations] of Object.entries(target.document.paths)) {
    for (const method of Object.keys(operations)) {
      const name = endpoint(method, path);
      if (probed.has(name)) continue;
      if (isTestHelperPath(path) && !target.includeTestHelpers) skippedTestHelpers.add(name);
      else unprobed.push(name);
    }
  }
  return { rows, created, skippedTestHelpers: [...skippedTestHelpers], unprobed };
}

/** What a probe sent and got, the document it is checked against, and how to read a further page. */
interface ProbeExchange {
  readonly request: ProbeRequest;
  readonly answer: Answer;
  readonly document: OpenApiDocument;
  readonly read: (path: string) => Promise<Answer>;
}

async function difference(
  probe: Probe,
  { request, answer, document, read }: ProbeExchange,
): Promise<string | undefined> {
  const operation = document.paths[probe.path]?.[probe.method.toLowerCase()];
  if (operation === undefined) return `the document has no ${endpoint(probe.method, probe.path)}`;
  if (answer.status !== probe.status) {
    const code = errorCode(answer.body);
    return `expected ${probe.status}, got ${answer.status}${code === undefined ? '' : ` ${code}`}`;
  }
  if (!answer.json) return 'the body is not JSON';
  const schema = responseSchema(document, probe, answer.status);
  if (schema === undefined) return `the document lists no JSON body for ${answer.status}`;
  const found = firstSchemaDifference(answer.body, schema, document.components.schemas, checkIdFormats);
  if (found !== undefined) return `${found.path}: ${found.message}`;
  const code = errorCode(answer.body);
  if (probe.code !== undefined && code !== probe.code)
    return `error.code ${code ?? '(none)'}, expected ${probe.code}`;
  if (probe.paginated) return paginationDifference(request.path, answer.body, read);
  return undefined;
}

function reason(error: unknown): string {
  if (error instanceof Error && error.name === 'TimeoutError') return 'no answer in time';
  // fetch fails with "fetch failed"; the reason (ECONNREFUSED, a DNS error) is its cause, whose message
  // may be empty when it aggregates several addresses: then its code says it.
  const cause = error instanceof Error ? error.cause : undefined;
  if (cause instanceof Error) {
    const code = (cause as Error & { code?: unknown }).code;
    return cause.message || (typeof code === 'string' ? code : String(error));
  }
  return error instanceof Error ? error.message : String(error);
}
