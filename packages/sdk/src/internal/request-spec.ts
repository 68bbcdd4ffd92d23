import type { HttpMethod } from '../hooks.ts';
import type { QueryValue } from '../request-params.ts';

/** One call, before options. `path` is already encoded (see `path.ts`). */
export interface RequestSpec {
  readonly method: HttpMethod;
  readonly path: string;
  readonly query?: Readonly<Record<string, QueryValue>> | undefined;
  readonly body?: unknown;
}

/** What stays the same over every attempt of a call: the request and its idempotency key. */
export interface CallFacts {
  readonly spec: RequestSpec;
  readonly idempotencyKey: string | undefined;
}

/** How messages name a call: `GET /v2/orders/ord_1`. */
export const labelOf = (spec: RequestSpec): string => `${spec.method} ${spec.path}`;
