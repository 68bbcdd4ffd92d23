import type { ErrorCode, Mode } from '@glm/domain';
import type { Engine } from '../core/engine.ts';
import type { Answer } from './answer.ts';

/** HTTP methods the API uses. */
type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** What a handler receives: the matched request, already authenticated and parsed. */
export interface HandlerContext {
  /** Path parameters by name (`:id` → `params.id`), URL-decoded. */
  readonly params: Readonly<Record<string, string>>;
  /** Query parameters. */
  readonly query: URLSearchParams;
  /** Parsed JSON body (`{}` when empty); `undefined` for GET and DELETE. */
  readonly body: unknown;
  /** The mode of the key that authenticated the request. */
  readonly mode: Mode;
  /** The server's state and services. */
  readonly engine: Engine;
}

/** One endpoint. `path` is written after the version prefix, which the router strips. */
export interface RouteDefinition {
  /** The method this route answers. */
  readonly method: HttpMethod;
  /** Path pattern after `/api/v2` or `/v2`, with `:name` parameters (`/products/:id`). */
  readonly path: string;
  /** The thin handler: parse, call the domain, store, answer. */
  readonly handle: (context: HandlerContext) => Answer | Promise<Answer>;
  /** Wrap answers in the checkout envelope `{success, message, data, metadata}`, with this success `message`. */
  readonly envelope?: string;
  /** Test-helper route: live keys get `403 forbidden`. */
  readonly testOnly?: boolean;
  /** Rate-limit bucket; every other route uses the per-key default bucket. */
  readonly rateLimit?: 'eligibility';
  /** Error code for malformed JSON (`bad_request` on checkout creation). */
  readonly malformedCode?: ErrorCode;
  /**
   * Public route (`GET /openapi.json`): answered without an API key and without rate limiting, and
   * also outside the version prefixes. Its handler sees `mode: 'test'` and must not depend on the mode.
   */
  readonly public?: boolean;
  /**
   * The route adds objects to the store (a product, a session, an order, a link, a refund, a dispute, a
   * subscription): with a `maxObjects` cap it answers `507 storage_full` once the cap is reached.
   */
  readonly creates?: true;
}
