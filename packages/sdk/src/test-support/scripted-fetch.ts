import { createTransport, type Transport, type TransportSettings } from '../internal/transport/transport.ts';
import type { Logger } from '../logging.ts';

/** What one scripted attempt does: answer, throw (a network error), or hang until aborted. */
export type Step = Response | Error | 'hang' | ((request: Request) => Response | Promise<Response>);

/** A request as the fake fetch saw it. */
export interface SeenRequest {
  readonly method: string;
  readonly url: URL;
  readonly headers: Headers;
  readonly body: string;
}

/** A fetch that plays `steps` in order (the last one repeats) and records every request. */
export function scriptedFetch(steps: readonly Step[]): {
  fetch: typeof globalThis.fetch;
  seen: SeenRequest[];
} {
  const seen: SeenRequest[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    seen.push({
      method: request.method,
      url: new URL(request.url),
      headers: request.headers,
      body: await request.clone().text(),
    });
    const step = steps[Math.min(seen.length - 1, steps.length - 1)];
    if (step === undefined) throw new Error('no step scripted');
    if (step === 'hang') {
      return new Promise((_resolve, reject) => {
        request.signal.addEventListener('abort', () => reject(request.signal.reason), { once: true });
      });
    }
    if (step instanceof Error) throw step;
    if (step instanceof Response) return step.clone();
    return step(request);
  };
  return { fetch, seen };
}

/** A JSON answer. */
export function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', 'x-request-id': `req_${status}`, ...headers },
  });
}

/** An error answer in the service's shape (`{ error: { code, message, … } }`). */
export function errorAnswer(
  status: number,
  code: string,
  extra: {
    param?: string;
    details?: { field: string; message: string }[];
    headers?: Record<string, string>;
  } = {},
): Response {
  const { headers, ...fields } = extra;
  return json(status, { error: { code, message: `${code} happened`, ...fields } }, headers);
}

/** A logger that records lines instead of printing them. */
export function recordingLogger(): Logger & {
  lines: { level: string; message: string; details: unknown }[];
} {
  const lines: { level: string; message: string; details: unknown }[] = [];
  const record = (level: string) => (message: string, details?: Record<string, unknown>) => {
    lines.push({ level, message, details });
  };
  return {
    lines,
    debug: record('debug'),
    info: record('info'),
    warn: record('warn'),
    error: record('error'),
  };
}

/** A well-formed test key; not a real secret. */
export const TEST_KEY = 'glm_test_AbCdEfGh12345678.sEcReT0123456789abcdefghijKLMNOP';
/** A well-formed live key; not a real secret. */
export const LIVE_KEY = 'glm_live_AbCdEfGh12345678.sEcReT0123456789abcdefghijKLMNOP';

/** A client's transport for tests: silent, deterministic jitter. */
export function testConfig(
  fetch: typeof globalThis.fetch,
  overrides: Partial<TransportSettings> = {},
): Transport {
  return createTransport({
    apiKey: TEST_KEY,
    baseUrl: 'https://api.test',
    fetch,
    maxRetries: 2,
    timeout: 30_000,
    deadline: undefined,
    maxRetryAfter: 60_000,
    autoIdempotencyKeys: true,
    logger: recordingLogger(),
    logDebug: true,
    random: () => 0,
    hooks: undefined,
    ...overrides,
  });
}
