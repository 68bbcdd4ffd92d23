import type { z } from 'zod';
import { APIPromise, type ParsedResult } from '../api-promise.ts';
import type { KeyMode, ValidationMode } from '../client-options.ts';
import { ResponseValidationError } from '../errors/response-validation-error.ts';
import { type Cursor, Page, PagePromise } from '../pagination.ts';
import type { RequestOptions } from '../request-options.ts';
import type { ResponseSchemas } from '../validation/response-schemas.ts';
import { answerCheckOf } from './answer-check-slot.ts';
import type { RawResult } from './call-answer.ts';
import { labelOf, type RequestSpec } from './request-spec.ts';
import { sendRequest } from './transport/send-request.ts';
import type { Transport } from './transport/transport.ts';

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
  /**
   * Sends a call and parses its answer with the schema named `schema` (checked only when the client has
   * the schemas). An answer in an envelope (`success`, `message`, `data`, `metadata.request_id`) passes
   * `unwrap`: the result is the value it takes out, and the envelope's message goes to the call's meta.
   */
  call<K extends keyof M & string, T = Parsed<K, M>>(
    spec: () => RequestSpec,
    schema: K,
    options: RequestOptions | undefined,
    unwrap?: (body: Parsed<K, M>) => ParsedResult<T>,
  ): APIPromise<T>;
  /** Sends a call whose answer is typed by the caller and never checked (the client's `request`). */
  unchecked<T>(spec: () => RequestSpec, options: RequestOptions | undefined): APIPromise<T>;
  /** Sends a list call; the page it answers fetches the next page with the same filters and options. */
  list<Item, C extends Cursor>(
    spec: (cursor: C | undefined) => RequestSpec,
    schema: PageSchemaName<Item, C, M>,
    options: RequestOptions | undefined,
  ): PagePromise<Item, C>;
}

/** Starts the call at once; a refused path parameter rejects instead of throwing synchronously. */
function start(transport: Transport, spec: () => RequestSpec, options: RequestOptions | undefined) {
  try {
    return sendRequest(transport, spec(), options);
  } catch (refused) {
    return Promise.reject(refused);
  }
}

/**
 * Builds the {@link Requester} of a client. Answers are checked with `schemas` unless `validation` is
 * `'off'`; without `schemas`, `validation` must be `'off'` (the client checks that).
 */
export function createRequester<M extends SchemaMap = ResponseSchemas>(
  transport: Transport,
  mode: KeyMode,
  validation: ValidationMode,
  schemas: M | undefined,
): Requester<M> {
  const { logger } = transport.settings;
  // The schemas answers are checked with: none when validation is off.
  const checks = validation === 'off' ? undefined : schemas;
  // The registry's copy-free check, when it has one: an answer it vouches for is zod's output as it is.
  const answerCheck = schemas === undefined ? undefined : answerCheckOf(schemas);

  function validate<K extends keyof M & string>(name: K, raw: RawResult): Parsed<K, M> {
    if (checks === undefined) return raw.body as Parsed<K, M>;
    const schema = checks[name] as z.ZodType<Parsed<K, M>>;
    if (answerCheck?.(schema, raw.body) === true) return raw.body as Parsed<K, M>;
    const result = schema.safeParse(raw.body);
    if (result.success) return result.data;
    const message = `${labelOf(raw.spec)} answered a body that breaks its contract.`;
    const { issues } = result.error;
    const { requestId, idempotencyKey, attempts } = raw.meta;
    if (validation === 'warn') {
      logger.warn(message, { issues, requestId });
      return raw.body as Parsed<K, M>;
    }
    throw new ResponseValidationError(
      message,
      { issues, body: raw.body, requestId },
      { idempotencyKey, attempts },
    );
  }

  // The parse of a plain call, one per schema name (not a closure per call); without checks, one for all.
  const unchecked = (answer: RawResult): ParsedResult<never> => ({ value: answer.body as never });
  const parsers = new Map<string, (answer: RawResult) => ParsedResult<unknown>>();
  function parserOf(schema: keyof M & string): (answer: RawResult) => ParsedResult<unknown> {
    if (checks === undefined) return unchecked;
    let parse = parsers.get(schema);
    if (parse === undefined) {
      parse = (answer) => ({ value: validate(schema, answer) });
      parsers.set(schema, parse);
    }
    return parse;
  }

  const requester: Requester<M> = {
    mode,
    call: <K extends keyof M & string, T = Parsed<K, M>>(
      spec: () => RequestSpec,
      schema: K,
      options: RequestOptions | undefined,
      unwrap?: (body: Parsed<K, M>) => ParsedResult<T>,
    ): APIPromise<T> =>
      new APIPromise<T>(
        start(transport, spec, options),
        (unwrap === undefined
          ? parserOf(schema)
          : (answer: RawResult) => unwrap(validate(schema, answer))) as (
          answer: RawResult,
        ) => ParsedResult<T>,
      ),
    unchecked: <T>(spec: () => RequestSpec, options: RequestOptions | undefined): APIPromise<T> =>
      new APIPromise<T>(start(transport, spec, options), unchecked as (answer: RawResult) => ParsedResult<T>),
    list<Item, C extends Cursor>(
      spec: (cursor: C | undefined) => RequestSpec,
      schema: PageSchemaName<Item, C, M>,
      options: RequestOptions | undefined,
    ): PagePromise<Item, C> {
      const fetchPage = (cursor: C | undefined): PagePromise<Item, C> => {
        const raw = start(transport, () => spec(cursor), options);
        return new PagePromise<Item, C>(raw, (answer): ParsedResult<Page<Item, C>> => {
          const body = validate(schema, answer) as {
            data: Item[];
            has_more: boolean;
            next_cursor: C | null;
          };
          return { value: new Page<Item, C>(body, fetchPage) };
        });
      };
      return fetchPage(undefined);
    },
  };
  return requester;
}
