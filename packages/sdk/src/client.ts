import type { APIPromise } from './api-promise.ts';
import type { ClientOptions, KeyMode } from './client-options.ts';
import { GlmError } from './errors/glm-error.ts';
import { checkApiKey } from './internal/check-api-key.ts';
import { readEnv } from './internal/env.ts';
import { isBrowser } from './internal/is-browser.ts';
import { filteredLogger, parseLogLevel } from './internal/logger.ts';
import { checkRequestPath } from './internal/request-path.ts';
import { createRequester, type Requester } from './internal/requester.ts';
import { createTransport } from './internal/transport/transport.ts';
import type { RequestParams } from './request-params.ts';
import { Checkout } from './resources/checkout.ts';
import { Orders } from './resources/orders.ts';
import { PaymentLinks } from './resources/payment-links.ts';
import { Products } from './resources/products.ts';
import { Refunds } from './resources/refunds.ts';
import { Subscriptions } from './resources/subscriptions.ts';
import { TestHelpers } from './resources/test-helpers/index.ts';

/** A limit of the options (`value`, named `name`): a non-negative number, else `fallback`. */
function limit<F extends number | undefined>(
  value: number | undefined,
  name: string,
  fallback: F,
): number | F {
  if (value === undefined) return fallback;
  if (!Number.isFinite(value) || value < 0) throw new GlmError(`${name} must be a non-negative number.`);
  return value;
}

/** The base URL without trailing slashes: it must be an absolute http(s) URL without a query or fragment. */
function checkBaseUrl(value: string | undefined): string {
  if (value === undefined) {
    throw new GlmError('No base URL: pass `baseUrl` or set GLM_BASE_URL.');
  }
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    // Not a URL, or a relative one: refused below.
  }
  if (url === undefined || !/^https?:$/.test(url.protocol) || url.search !== '' || url.hash !== '') {
    throw new GlmError('baseUrl must be an absolute http(s) URL without a query or fragment.');
  }
  return url.href.replace(/\/+$/, '');
}

/**
 * The client of the HSA/FSA hosted checkout service. Construct one per key and reuse it; derive
 * variants with {@link Glm.withOptions}.
 *
 * Every request carries `Authorization: Bearer <key>` and `x-glm-client: @glm/sdk/<version>
 * (<runtime>/<version>)` (for example `@glm/sdk/1.2.0 (node/20.19.0)`), with the same text as
 * `User-Agent` in server runtimes (Node, Bun, Deno, workerd, Vercel's Edge); a POST carries
 * `Idempotency-Key`, the same on every attempt; a retry carries `x-glm-retry-count` (`1`, `2`, …), which
 * the first attempt does not.
 *
 * @example
 * import { Glm } from '@glm/sdk';
 *
 * const glm = new Glm({ apiKey: process.env.GLM_API_KEY, baseUrl: 'https://api.example.com' });
 * const session = await glm.checkout.create({ ... });
 * redirect(session.checkout_url);
 */
export class Glm {
  /** The mode of the key (`test` or `live`), from its prefix: `glm_test_` or `glm_live_`. */
  readonly mode: KeyMode;
  /** The base URL calls go to. */
  readonly baseUrl: string;
  /** Catalog products and the eligibility check. */
  readonly products: Products;
  /** Checkout sessions. */
  readonly checkout: Checkout;
  /** Payment links. */
  readonly paymentLinks: PaymentLinks;
  /** Orders. */
  readonly orders: Orders;
  /** Refunds. */
  readonly refunds: Refunds;
  /** Subscriptions: create for a returning customer, cancel. */
  readonly subscriptions: Subscriptions;
  /** Test-mode helpers, which play the service's hosted pages, clock and dashboard: refused before any request with a live key. */
  readonly testHelpers: TestHelpers;
  readonly #options: ClientOptions;
  readonly #requester: Requester;

  /**
   * Checks the options and builds the client. Throws a {@link GlmError} for a missing or malformed key
   * (the message never repeats the key), a missing or bad base URL, a browser without
   * `dangerouslyAllowBrowser`, or a `validateResponses` of `'strict'`/`'warn'` without `responseSchemas`.
   */
  constructor(options: ClientOptions = {}) {
    const apiKey = options.apiKey ?? readEnv('GLM_API_KEY');
    this.mode = checkApiKey(apiKey);
    this.baseUrl = checkBaseUrl(options.baseUrl ?? readEnv('GLM_BASE_URL'));
    if (isBrowser() && options.dangerouslyAllowBrowser !== true) {
      throw new GlmError(
        'A browser would show every visitor the API key: pass dangerouslyAllowBrowser: true to run here anyway.',
      );
    }
    this.#options = { ...options, apiKey, baseUrl: this.baseUrl };
    const logLevel = options.logLevel ?? parseLogLevel(readEnv('GLM_LOG')) ?? 'warn';
    const logger = filteredLogger(options.logger, logLevel);
    const key = apiKey ?? '';
    const transport = createTransport({
      // fetch, headers, fetchOptions, retry, hooks and hookBodies as given; the rest checked or resolved.
      ...options,
      apiKey: key,
      baseUrl: this.baseUrl,
      maxRetries: limit(options.retry?.limit ?? options.maxRetries, 'maxRetries', 2),
      timeout: limit(options.timeout, 'timeout', 30_000),
      deadline: limit(options.deadline, 'deadline', undefined),
      maxRetryAfter: limit(options.maxRetryAfter, 'maxRetryAfter', 60_000),
      autoIdempotencyKeys: options.autoIdempotencyKeys ?? true,
      logger,
      logDebug: logLevel === 'debug',
      random: Math.random,
    });
    const schemas = options.responseSchemas;
    const validation = options.validateResponses ?? (schemas === undefined ? 'off' : 'strict');
    if (validation !== 'off' && schemas === undefined) {
      throw new GlmError(
        `validateResponses: '${validation}' needs responseSchemas from '@glm/sdk/validation'.`,
      );
    }
    const requester = createRequester(transport, this.mode, validation, schemas);
    this.#requester = requester;
    this.products = new Products(requester);
    this.checkout = new Checkout(requester);
    this.paymentLinks = new PaymentLinks(requester);
    this.orders = new Orders(requester);
    this.refunds = new Refunds(requester);
    this.subscriptions = new Subscriptions(requester);
    this.testHelpers = new TestHelpers(requester);
  }

  /**
   * Calls any route of the service, for one this client does not wrap yet, through the same pipeline as
   * every method: the key, retries, the idempotency key of a POST, the deadline, hooks and typed errors.
   * The answer is the parsed JSON body, typed as you say and never checked (`responseSchemas` does not
   * apply); `.withResponse()` gives the call's meta as on any method. The path is refused, before any
   * request, unless it starts with `/`, is percent-encoded and has no query, fragment, `.` or `..`.
   *
   * @example
   * const order = await glm.request<Order>({ method: 'GET', path: `/v2/orders/${encodeURIComponent(id)}` });
   * const link = await glm.request<PaymentLink>({
   *   method: 'POST',
   *   path: '/v2/payment-links',
   *   body: { product_id: 'prod_1' },
   *   idempotencyKey: 'link-for-prod-1',
   * });
   */
  request<T = unknown>(params: RequestParams): APIPromise<T> {
    const { method, path, query, body, ...options } = params;
    return this.#requester.unchecked<T>(
      () => ({ method, path: checkRequestPath(path), query, body }),
      options,
    );
  }

  /** A new client with these options over this one's (the key and base URL carry over unless replaced). */
  withOptions(options: ClientOptions): Glm {
    return new Glm({ ...this.#options, ...options });
  }
}
