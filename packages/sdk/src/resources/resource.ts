import type { APIPromise, ParsedResult } from '../api-promise.ts';
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

/** One call of a resource method, as the route table describes its endpoint. */
interface ResourceCall<K extends ResponseSchemaName, T> {
  readonly method: HttpMethod;
  /** The path, or a function building it from ids (a refused id then rejects the call). */
  readonly path: string | (() => string);
  /** The name of the answer's schema. */
  readonly answer: K;
  readonly body?: unknown;
  /** Takes the result out of an answer in an envelope. */
  readonly unwrap?: ((body: Parsed<K>) => ParsedResult<T>) | undefined;
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
   * Sends one call, after {@link Resource.check}: its `method`, `path` and `body`; the answer is parsed
   * with the schema named `answer` (and, for an answer in an envelope, taken out of it by `unwrap`). A
   * path holding ids is a function (`() => path\`/v2/orders/${id}\``), so a refused id rejects the call
   * instead of throwing. @internal
   */
  protected send<K extends ResponseSchemaName, T = Parsed<K>>(
    call: ResourceCall<K, T>,
    options: RequestOptions | undefined,
  ): APIPromise<T> {
    const { method, path, answer, body, unwrap } = call;
    return this.requester.call(
      () => this.check({ method, path: typeof path === 'string' ? path : path(), body }, options),
      answer,
      options,
      unwrap,
    );
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
