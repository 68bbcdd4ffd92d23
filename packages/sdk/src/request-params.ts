import type { HttpMethod } from './hooks.ts';
import type { RequestOptions } from './request-options.ts';

/** A query parameter's value; `undefined` and `null` leave the parameter out. */
export type QueryValue = string | number | boolean | null | undefined;

/**
 * A call to any route of the service, for {@link Glm.request}: the method, the path, the query and the
 * JSON body, plus the options of any call.
 */
export interface RequestParams extends RequestOptions {
  /** The HTTP method. A POST gets an `Idempotency-Key` as every POST does (yours, or a generated one). */
  readonly method: HttpMethod;
  /**
   * The path below the base URL, starting with `/` (for example `/v2/orders/ord_123`), without a query or
   * fragment. Percent-encode what you interpolate (`encodeURIComponent(id)`); a `.` or `..` segment is
   * refused, since it would address another route.
   */
  readonly path: string;
  /** The query parameters, encoded for you. */
  readonly query?: Readonly<Record<string, QueryValue>> | undefined;
  /** The body, sent as JSON. */
  readonly body?: unknown;
}
