import ky, { type KyInstance, type RetryOptions as KyRetryOptions } from 'ky';
import type { ClientOptions } from '../../client-options.ts';
import type { Logger } from '../../logging.ts';
import { identityHeaders } from '../client-identity.ts';
import { retryPolicy } from './retry-policy.ts';

type Passed = 'fetch' | 'headers' | 'fetchOptions' | 'retry' | 'deadline' | 'hooks' | 'hookBodies';

/** The client's options, checked and resolved once (defaults applied, the logger filtered). */
export interface TransportSettings extends Pick<ClientOptions, Passed> {
  readonly apiKey: string;
  readonly baseUrl: string;
  readonly maxRetries: number;
  readonly timeout: number;
  readonly maxRetryAfter: number;
  readonly autoIdempotencyKeys: boolean;
  readonly logger: Logger;
  /** True when `logger` keeps debug lines; when false, a call builds none of their details. */
  readonly logDebug: boolean;
  readonly random: () => number;
}

/** A client's transport: its settings, its ky instance and the client's retry options in ky's shape. */
export interface Transport {
  readonly settings: TransportSettings;
  readonly ky: KyInstance;
  readonly retry: KyRetryOptions;
}

/** The longest `timeout` ky accepts: what `setTimeout` can hold. */
export const MAX_TIMER_MS = 2_147_483_647;

/**
 * The client's one ky instance: the base URL, the `fetch` options and two hooks. `beforeRequest` sets the
 * headers of every call (accept, who the client is, the client's own, its key) where the call set none of
 * the name: ky would copy headers given as its option at each of its merges, for every call. `beforeRetry`
 * numbers each retry in `x-glm-retry-count` (absent on the first attempt). The retry policy (each field of
 * the `retry` option replacing the policy's) is handed whole by each call with its own `shouldRetry`: ky
 * merges an instance's `retry` with a call's field by field on every call.
 */
export function createTransport(settings: TransportSettings): Transport {
  const policy = retryPolicy(settings.maxRetries, settings.maxRetryAfter, settings.random);
  const headers: Record<string, string> = {
    accept: 'application/json',
    ...identityHeaders(),
    ...settings.headers,
    authorization: `Bearer ${settings.apiKey}`,
  };
  // A header no request can carry (a line break in a value) throws a TypeError here, not on every call.
  new Headers(headers);
  const instance = ky.create({
    ...settings.fetchOptions,
    prefixUrl: settings.baseUrl,
    hooks: {
      beforeRequest: [
        (request) => {
          for (const name in headers) {
            if (!request.headers.has(name)) request.headers.set(name, headers[name] as string);
          }
        },
      ],
      beforeRetry: [
        ({ request, retryCount }) => request.headers.set('x-glm-retry-count', String(retryCount)),
      ],
    },
  });
  return { settings, ky: instance, retry: { ...policy, ...settings.retry } as KyRetryOptions };
}
