import type { ErrorCode } from '../errors/error-code.ts';

/** The HTTP methods the API uses. */
export type RouteMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** The groups the OpenAPI document and `docs/api.md` list endpoints under, in their order. */
export type RouteTag =
  | 'Products'
  | 'Checkout'
  | 'Payment links'
  | 'Orders'
  | 'Refunds'
  | 'Subscriptions'
  | 'Test helpers'
  | 'Document';

/** A JSON value, as an example request carries it. */
export type JsonValue =
  | string
  | number
  | boolean
  | null
  | readonly JsonValue[]
  | { readonly [key: string]: JsonValue };

/**
 * One valid request of an endpoint, for documentation, probes and tests. A string `$orderId`,
 * `$customerId` or `$paymentMethodId` in it stands for the id of an existing object of that kind
 * (see {@link EXAMPLE_PLACEHOLDERS}); a path's `{id}` names an existing object of the endpoint's kind.
 */
export interface RouteExample {
  /** The JSON body of a `POST` or `PUT`. */
  readonly body?: JsonValue;
  /** Query parameters of a `GET`. */
  readonly query?: Readonly<Record<string, string>>;
  /** An endpoint whose answer is this one's body (a snapshot is loaded as it was read). */
  readonly fromResponseOf?: string;
}

/**
 * How an endpoint's validation problems map to error codes beyond the general split (a missing or
 * mistyped field is `400 invalid_request`, a well-typed but invalid value `422 validation_error`).
 */
export interface RouteValidation {
  /**
   * The code of a missing or mistyped field, when it is not `invalid_request` (checkout creation); a
   * body that is not JSON at all is refused with it too.
   */
  readonly badRequest?: 'bad_request';
  /** Top-level fields whose invalid value has its own 400 code. */
  readonly amounts?: Readonly<Record<string, 'invalid_amount' | 'invalid_price'>>;
  /** Whether a well-formed unsupported currency is `400 invalid_currency` rather than a 422. */
  readonly currency?: boolean;
}

/**
 * One endpoint of the API, as every part of the toolkit reads it: the server routes and documents it,
 * the SDK's call names it, probes and tests send its example.
 */
export interface Route {
  /** Its HTTP method. */
  readonly method: RouteMethod;
  /** Its path under `/v2`, with `{id}` for a path parameter. */
  readonly path: string;
  /** The group it is listed under. */
  readonly tag: RouteTag;
  /** One line saying what it does. */
  readonly summary: string;
  /** The status of its success answer. */
  readonly status: 200 | 201;
  /** The name `@glm/domain` exports its request body's schema under (`POST`/`PUT`). */
  readonly body?: string;
  /** The name `@glm/domain` exports its query's schema under (`GET`). */
  readonly query?: string;
  /** The name `@glm/domain` exports its success answer's schema under. */
  readonly answer: string;
  /**
   * The name of its validation rules (`refund.create`), which its operation parses its input with:
   * every problem of a query is `400 invalid_request`; a body's follow the 400/422 split and
   * {@link Route.validation}.
   */
  readonly rules?: string;
  /** The codes of its body's problems beyond the general 400/422 split. */
  readonly validation?: RouteValidation;
  /** The refusals of the endpoint itself, beyond authentication, validation, bodies and idempotency. */
  readonly errors?: readonly ErrorCode[];
  /**
   * Whether a successful answer may carry the `Glm-Mock-Warning` header: the request succeeded, but
   * probably not as the caller meant (a test-mode checkout whose line items match no catalog product).
   */
  readonly warns?: true;
  /**
   * The success `message` of the checkout envelope `{success, message, data, metadata}` its answers
   * come wrapped in (the checkout endpoints); other endpoints answer the bare object.
   */
  readonly envelope?: string;
  /**
   * Its own rate limit (the eligibility check's, per merchant per minute), instead of the per-key
   * limit every other endpoint shares.
   */
  readonly rateLimit?: 'eligibility';
  /** The SDK call that sends it, from the client (`refunds.create` is `glm.refunds.create(…)`). */
  readonly sdk?: string;
  /** One valid request. */
  readonly example: RouteExample;
}

/** A table of routes by operation id. */
export type RouteTable = Readonly<Record<string, Route>>;
