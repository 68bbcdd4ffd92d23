import type { APIPromise } from '../api-promise.ts';
import type { HttpMethod } from '../hooks.ts';
import type { RequestSpec } from '../internal/request-spec.ts';
import type { PageSchemaName, Parsed, Requester } from '../internal/requester.ts';
import type { Cursor, PagePromise } from '../pagination.ts';
import type { RequestOptions } from '../request-options.ts';
import type { QueryValue } from '../request-params.ts';
import type { ResponseSchemaName } from '../validation/response-schemas.ts';

/** The query of a list call: filters, page size and an optional starting cursor. */
type ListQuery<C extends Cursor> = Readonly<Record<string, QueryValue>> & {
  readonly starting_after?: C | undefined;
};

/**
 * A call's method and path (`'POST /v2/refunds'`); one holding ids is a function
 * (`() => path\`GET /v2/orders/${id}\``), so that a refused id rejects the call instead of throwing.
 */
export type Route = `${HttpMethod} /${string}` | (() => string);

/** The call to `route` with `body`. */
export function specOf(route: Route, body?: unknown): RequestSpec {
  const text = typeof route === 'string' ? route : route();
  const space = text.indexOf(' ');
  return { method: text.slice(0, space) as HttpMethod, path: text.slice(space + 1), body };
}

/** The base of every resource: it holds the client's requester, shared by all resources of one client. */
export abstract class Resource {
  /** Sends calls for this resource. @internal */
  protected readonly requester: Requester;

  /** Binds the resource to a client's requester. @internal */
  constructor(requester: Requester) {
    this.requester = requester;
  }

  /** Checks a call just before it is sent; a throw here rejects the call with nothing sent. @internal */
  protected check(spec: RequestSpec, _options: RequestOptions | undefined): RequestSpec {
    return spec;
  }

  /**
   * Sends a call to `route` with `body`, after {@link Resource.check}; its answer is parsed with the
   * schema named `answer`. @internal
   */
  protected send<K extends ResponseSchemaName>(
    route: Route,
    answer: K,
    options: RequestOptions | undefined,
    body?: unknown,
  ): APIPromise<Parsed<K>> {
    return this.requester.call(() => this.check(specOf(route, body), options), answer, options);
  }

  /** A list call at `path`, paginated by cursor: each next page repeats the filters with the previous page's cursor. @internal */
  protected pages<Item, C extends Cursor>(
    path: string,
    params: ListQuery<C>,
    schema: PageSchemaName<Item, C>,
    options: RequestOptions | undefined,
  ): PagePromise<Item, C> {
    return this.requester.list<Item, C>(
      (cursor) =>
        this.check(
          {
            method: 'GET',
            path,
            query: { ...params, starting_after: cursor ?? params.starting_after },
          },
          options,
        ),
      schema,
      options,
    );
  }
}
