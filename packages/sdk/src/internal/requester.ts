import type { z } from 'zod';
import { APIPromise, type ParsedResult } from '../api-promise.ts';
import type { KeyMode, ValidationMode } from '../client-options.ts';
import { ResponseValidationError } from '../errors/response-validation-error.ts';
import type { Logger } from '../logging.ts';
import { type Cursor, Page, PagePromise } from '../pagination.ts';
import type { RequestOptions } from '../request-options.ts';
import { type RawResult, type RequestSpec, sendRequest, type TransportConfig } from './request.ts';

/** What resources use to call the service: the transport plus response validation. */
export interface Requester {
  /** The mode of the client's key. */
  readonly mode: KeyMode;
  /** Sends a call and parses its answer with `schema`. */
  call<S extends z.ZodType>(
    spec: () => RequestSpec,
    schema: S,
    options: RequestOptions | undefined,
  ): APIPromise<z.output<S>>;
  /** Sends a call answered in an envelope (`success`, `message`, `data`, `metadata.request_id`): the result is what `unwrap` takes out of it. */
  callEnveloped<S extends z.ZodType, T>(
    spec: () => RequestSpec,
    schema: S,
    options: RequestOptions | undefined,
    unwrap: (body: z.output<S>) => { value: T; message: string | undefined },
  ): APIPromise<T>;
  /** Sends a list call; the page it answers fetches the next page with the same filters and options. */
  list<Item, C extends Cursor>(
    spec: (cursor: C | undefined) => RequestSpec,
    schema: z.ZodType<{ data: Item[]; has_more: boolean; next_cursor: C | null }>,
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

/** Builds the {@link Requester} of a client. */
export function createRequester(
  config: TransportConfig,
  mode: KeyMode,
  validation: ValidationMode,
  logger: Logger,
): Requester {
  function validate<S extends z.ZodType>(schema: S, raw: RawResult, label: string): z.output<S> {
    if (validation === 'off') return raw.body as z.output<S>;
    const result = schema.safeParse(raw.body);
    if (result.success) return result.data;
    const message = `${label} answered a body that does not match the ${label} contract.`;
    if (validation === 'warn') {
      logger.warn(message, { issues: result.error.issues, requestId: raw.meta.requestId });
      return raw.body as z.output<S>;
    }
    throw new ResponseValidationError(
      message,
      { issues: result.error.issues, body: raw.body, requestId: raw.meta.requestId },
      { idempotencyKey: raw.meta.idempotencyKey },
    );
  }

  function send<S extends z.ZodType, T>(
    spec: () => RequestSpec,
    schema: S,
    options: RequestOptions | undefined,
    unwrap: (body: z.output<S>) => { value: T; message: string | undefined },
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

  const requester: Requester = {
    mode,
    call: (spec, schema, options) =>
      send(spec, schema, options, (body) => ({ value: body, message: undefined })),
    callEnveloped: send,
    list<Item, C extends Cursor>(
      spec: (cursor: C | undefined) => RequestSpec,
      schema: z.ZodType<{ data: Item[]; has_more: boolean; next_cursor: C | null }>,
      options: RequestOptions | undefined,
    ): PagePromise<Item, C> {
      const fetchPage = (cursor: C | undefined): PagePromise<Item, C> => {
        const built = (): RequestSpec => spec(cursor);
        const raw = start(config, built, options);
        return new PagePromise<Item, C>(raw, (answer): ParsedResult<Page<Item, C>> => {
          const body = validate(schema, answer, `${built().method} ${built().path}`);
          return { value: new Page<Item, C>(body, fetchPage), meta: answer.meta };
        });
      };
      return fetchPage(undefined);
    },
  };
  return requester;
}
