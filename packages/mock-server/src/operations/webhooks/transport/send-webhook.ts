import { RESPONSE_BODY_EXCERPT_LIMIT } from '@glm/domain';
import { readExcerpt } from './read-excerpt.ts';

/** A merchant's webhook route handler, called in-process with the delivery's `Request` (no network). */
export type WebhookHandler = (request: Request) => Response | Promise<Response>;

/** How a delivery reaches its receiver: `fetch` to its URL, or a direct call of a handler. */
export type WebhookTransport =
  | { readonly kind: 'http'; readonly url: string }
  | { readonly kind: 'in_process'; readonly url: string; readonly handler: WebhookHandler };

/** What one attempt produced, as the attempt record keeps it. */
export interface AttemptOutcome {
  /** Whether it counts as delivered: a 200 answer, whole within the time limit. */
  readonly delivered: boolean;
  /** The answer's status, or null when none came. */
  readonly statusCode: number | null;
  /** The first 1 KiB of the answer, or null when none came. */
  readonly responseBody: string | null;
  /** Why the attempt failed, or null when it was delivered. */
  readonly error: string | null;
  /** Real milliseconds the attempt took. */
  readonly durationMs: number;
}

/** What {@link sendWebhook} needs besides the transport. */
export interface SendOptions {
  /** Request headers (authorization, signature, ids). */
  readonly headers: Readonly<Record<string, string>>;
  /** The raw JSON body, identical on every attempt. */
  readonly body: string;
  /** Real milliseconds allowed for the whole answer (5000: only a 200 within 5 seconds counts as delivered). */
  readonly timeoutMs: number;
  /** The `fetch` of the HTTP transport; read at call time so msw can intercept it. */
  readonly fetch: () => typeof globalThis.fetch;
}

const describeError = (error: unknown): string => {
  if (!(error instanceof Error)) return 'The request failed.';
  const cause = error.cause as { code?: unknown; message?: unknown } | undefined;
  const detail =
    typeof cause?.code === 'string' ? cause.code : typeof cause?.message === 'string' ? cause.message : '';
  return `${error.message}${detail === '' ? '' : ` (${detail})`}`.slice(0, 500);
};

/**
 * Makes one delivery attempt: POSTs the body with the headers through the transport and waits at most
 * `timeoutMs` for the whole answer. Only a 200 counts; any other status, a timeout, a connection error
 * or a handler that throws is a failed attempt with its reason. Never throws. Redirects are not followed.
 */
export async function sendWebhook(
  transport: WebhookTransport,
  options: SendOptions,
): Promise<AttemptOutcome> {
  const started = performance.now();
  const elapsed = (): number => Math.max(0, Math.round(performance.now() - started));
  const controller = new AbortController();
  let statusCode: number | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => {
      controller.abort();
      resolve('timeout');
    }, options.timeoutMs);
  });
  const exchange = (async () => {
    const request = new Request(transport.url, {
      method: 'POST',
      headers: options.headers,
      body: options.body,
      signal: controller.signal,
      redirect: 'manual',
    });
    const response =
      transport.kind === 'http' ? await options.fetch()(request) : await transport.handler(request);
    statusCode = response.status;
    return { status: response.status, excerpt: await readExcerpt(response, RESPONSE_BODY_EXCERPT_LIMIT) };
  })();
  // A late failure after the deadline has nobody to report to.
  exchange.catch(() => undefined);
  try {
    const result = await Promise.race([exchange, deadline]);
    if (result === 'timeout') {
      return {
        delivered: false,
        statusCode,
        responseBody: null,
        error: `No complete answer within ${options.timeoutMs} ms.`,
        durationMs: elapsed(),
      };
    }
    const delivered = result.status === 200;
    return {
      delivered,
      statusCode: result.status,
      responseBody: result.excerpt,
      error: delivered ? null : `Answered ${result.status}; only 200 counts as delivered.`,
      durationMs: elapsed(),
    };
  } catch (error) {
    return {
      delivered: false,
      statusCode,
      responseBody: null,
      error: describeError(error),
      durationMs: elapsed(),
    };
  } finally {
    clearTimeout(timer);
  }
}
