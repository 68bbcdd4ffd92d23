import type { z } from 'zod';
import { APIPromise, type ParsedResult } from '../api-promise.ts';
import type { KeyMode, ValidationMode } from '../client-options.ts';
import { ResponseValidationError } from '../errors/response-validation-error.ts';
import type { Logger } from '../logging.ts';
import { type Cursor, Page, PagePromise } from '../pagination.ts';
import type { RequestOptions } from '../request-options.ts';
import type { ResponseSchemas } from '../validation/response-schemas.ts';
import { type RawResult, type RequestSpec, sendRequest, type TransportConfig } from './request.ts';

/** Schemas by name: the client's are {@link ResponseSchemas}. */
export type SchemaMap = Readonly<Record<string, z.ZodType>>;

/** The parsed result of the answer whose schema is named `K` in `M`. */
export type Parsed<K extends keyof M, M extends SchemaMap = ResponseSchemas> = z.output<M[K]>;

/** The names of the schemas of `M` whose answers are a page of `Item`s with cursors of type `C`. */
export type PageSchemaName<Item, C extends Cursor, M extends SchemaMap = ResponseSchemas> = {
  [K in keyof M & string]: Parsed<K, M> extends { data: Item[]; has_more: boolean; next_cursor: C | null }
    ? K
    : never;
}[keyof M & string];

/** What resources use to call the service: the transport plus response validation. */
export interface Requester<M extends SchemaMap = ResponseSchemas> {
  /** The mode of the client's key. */
  readonly mode: KeyMode;
  /** Sends a call and parses its answer with the schema named `schema` (checked only when the client has the schemas). */
  call<K extends keyof M & string>(
    spec: () => RequestSpec,
    schema: K,
    options: RequestOptions | undefined,
  ): APIPromise<Parsed<K, M>>;
  /** Sends a call answered in an envelope (`success`, `message`, `data`, `metadata.request_id`): the result is what `unwrap` takes out of it. */
  callEnveloped<K extends keyof M & string, T>(
    spec: () => RequestSpec,
    schema: K,
    options: RequestOptions | undefined,
    unwrap: (body: Parsed<K, M>) => { value: T; message: string | undefined },
  ): APIPromise<T>;
  /** Sends a list call; the page it answers fetches the next page with the same filters and options. */
  list<Item, C extends Cursor>(
    spec: (cursor: C | undefined) => RequestSpec,
    schema: PageSchemaName<Item, C, M>,
    options: RequestOptions | undefined,
  ): PagePromise<Item, C>;
}

/** Starts the call at once; a refused path parameter rejects instead of throwing synchronously. */
function start(
  config: TransportConfig,
  spec: () => RequestSpec,
  options: RequestOptions | undefined,
): Promise<RawResult> {
  let built: RequestSpec;
  try {
    built = spec();
  } catch (error) {
    return Promise.reject(error);
  }
  return sendRequest(config, built, options);
}

/**
 * Builds the {@link Requester} of a client. Answers are checked with `schemas` unless `validation` is
 * `'off'`; without `schemas`, `validation` must be `'off'` (the client checks that).
 */
export function createRequester<M extends SchemaMap = ResponseSchemas>(
  config: TransportConfig,
  mode: KeyMode,
  validation: ValidationMode,
  schemas: M | undefined,
  logger: Logger,
): Requester<M> {
  function validate<K extends keyof M & string>(name: K, raw: RawResult, label: string): Parsed<K, M> {
    if (validation === 'off' || schemas === undefined) return raw.body as Parsed<K, M>;
    const result = (schemas[name] as z.ZodType<Parsed<K, M>>).safeParse(raw.body);
    if (result.success) return result.data;
    const message = `${label} answered a body that does not match the ${label} contract.`;
    if (validation === 'warn') {
      logger.warn(message, { issues: result.error.issues, requestId: raw.meta.requestId });
      return raw.body as Parsed<K, M>;
    }
    throw new ResponseValidationError(
      message,
      { issues: result.error.issues, body: raw.body, requestId: raw.meta.requestId },
      { idempotencyKey: raw.meta.idempotencyKey },
    );
  }

  function send<K extends keyof M & string, T>(
    spec: () => RequestSpec,
    schema: K,
    options: RequestOptions | undefined,
    unwrap: (body: Parsed<K, M>) => { value: T; message: string | undefined },
  ): APIPromise<T> {
    let label = 'the call';
    const raw = start(
      config,
      () => {
        const built = spec();
        label = `${built.method} ${built.path}`;
        return built;
      },
      options,
    );
    return new APIPromise<T>(raw, (answer) => {
      const { value, message } = unwrap(validate(schema, answer, label));
      return { value, meta: message === undefined ? answer.meta : { ...answer.meta, message } };
    });
  }

  const requester: Requester<M> = {
    mode,
    call: (spec, schema, options) =>
      send(spec, schema, options, (body) => ({ value: body, message: undefined })),
    callEnveloped: send,
    list<Item, C extends Cursor>(
      spec: (cursor: C | undefined) => RequestSpec,
      schema: PageSchemaName<Item, C, M>,
      options: RequestOptions | undefined,
    ): PagePromise<Item, C> {
      const fetchPage = (cursor: C | undefined): PagePromise<Item, C> => {
        const built = (): RequestSpec => spec(cursor);
        const raw = start(config, built, options);
        return new PagePromise<Item, C>(raw, (answer): ParsedResult<Page<Item, C>> => {
          const body = validate(schema, answer, `${built().method} ${built().path}`) as {
            data: Item[];
            has_more: boolean;
            next_cursor: C | null;
          };
          return { value: new Page<Item, C>(body, fetchPage), meta: answer.meta };
        });
      };
      return fetchPage(undefined);
    },
  };
  return requester;
}
