import type { z } from 'zod';
import { CheckoutCreate } from '../schemas/checkout-create-body.ts';
import { checkCheckoutCreate } from '../schemas/checkout-create-check.ts';
import { issueTag } from '../schemas/issue-tag.ts';
import type { ErrorCode } from './error-code.ts';
import { type ErrorResponse, errorResponse } from './error-response.ts';
import { formatParamPath } from './param-path.ts';
import { findPrototypeKey } from './prototype-keys.ts';

type OperationRules = {
  /** `query`: every problem is `400 invalid_request`. `body`: the 400/422 split. */
  readonly kind: 'query' | 'body';
  /** The code of a missing or mistyped field: `bad_request` on checkout creation. */
  readonly badRequest?: 'invalid_request' | 'bad_request';
  /** Top-level fields whose invalid value has its own 400 code. */
  readonly amounts?: Readonly<Record<string, 'invalid_amount' | 'invalid_price'>>;
  /** Whether a well-formed unsupported currency is `400 invalid_currency`; else it is a 422. */
  readonly currency?: boolean;
};

const productBody = { kind: 'body', amounts: { price: 'invalid_price' }, currency: true } as const;

/** How the validation problems of each request map to error answers. */
export const REQUEST_OPERATIONS = {
  'product.create': productBody,
  'product.update': productBody,
  'product.list': { kind: 'query' },
  'eligibility.check': { kind: 'body' },
  'checkout.create': { kind: 'body', badRequest: 'bad_request' },
  'payment_link.create': { kind: 'body', amounts: { amount_cents: 'invalid_amount' }, currency: true },
  'payment_link.cancel': { kind: 'body' },
  'payment_link.list': { kind: 'query' },
  'order.list': { kind: 'query' },
  'refund.create': { kind: 'body', amounts: { amount_cents: 'invalid_amount', amount: 'invalid_amount' } },
  'refund.list': { kind: 'query' },
  'subscription.create': { kind: 'body', amounts: { amount_cents: 'invalid_amount' }, currency: true },
  'subscription.cancel': { kind: 'body' },
  'test_helpers.subscription.list': { kind: 'query' },
  'test_helpers.dispute.list': { kind: 'query' },
  'test_helpers.pay': { kind: 'body' },
  'test_helpers.clock.advance': { kind: 'body' },
  'test_helpers.dispute.open': { kind: 'body' },
  'test_helpers.dispute.close': { kind: 'body' },
  'test_helpers.eligibility.refresh': { kind: 'body' },
  'test_helpers.api_key.create': { kind: 'body' },
  'test_helpers.webhook_endpoint.create': { kind: 'body' },
  'test_helpers.event.list': { kind: 'query' },
  'test_helpers.webhook_delivery.list': { kind: 'query' },
  'test_helpers.fault.create': { kind: 'body' },
  'test_helpers.clock.set': { kind: 'body' },
  'test_helpers.request.list': { kind: 'query' },
  'test_helpers.coverage.read': { kind: 'query' },
  'test_helpers.future.set': { kind: 'body' },
  'test_helpers.snapshot.load': { kind: 'body' },
  'test_helpers.merchant.create': { kind: 'body' },
  'test_helpers.order.fail': { kind: 'body' },
  'test_helpers.trigger': { kind: 'body' },
  'test_helpers.seed': { kind: 'body' },
} as const satisfies Record<string, OperationRules>;

/** A request the service validates: the key of its rules in {@link REQUEST_OPERATIONS}. */
export type RequestOperation = keyof typeof REQUEST_OPERATIONS;

/** A refused request: a failed `Result` that also carries the error answer to send. */
export type RequestRefusal = {
  readonly ok: false;
  readonly code: ErrorCode;
  readonly message: string;
  readonly param?: string;
  readonly status: ErrorResponse['status'];
  readonly body: ErrorResponse['body'];
};

/** The outcome of {@link parseRequest}: the parsed value, or the refusal with its error answer. */
export type ParsedRequest<T> = { readonly ok: true; readonly value: T } | RequestRefusal;

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let value = input;
  for (const segment of path) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<PropertyKey, unknown>)[segment];
  }
  return value;
}

type Verdict = { code: ErrorCode; param: string | undefined; message: string; missing: boolean };

/**
 * Whether zod refused a field only because it is absent. zod 4 reports an absent required field by the
 * kind of its schema (`invalid_type` for a string, `invalid_value` for an enum or literal,
 * `invalid_union` for a union), so the test is the input, not the issue code: nothing at the issue's
 * path. Refinements (`custom`) are excluded: they point at a field on purpose, as the subscription
 * interval check does (a well-typed but invalid value: 422), and tag the absences they mean as `missing`.
 */
function isMissingField(issue: z.core.$ZodIssue, input: unknown): boolean {
  return issue.code !== 'custom' && issue.path.length > 0 && valueAt(input, issue.path) === undefined;
}

function judge(issue: z.core.$ZodIssue, input: unknown, rules: OperationRules): Verdict {
  const param = formatParamPath(issue.path);
  const missing = isMissingField(issue, input);
  const unknownKey = issue.code === 'unrecognized_keys' ? issue.keys[0] : undefined;
  const named = unknownKey === undefined ? param : formatParamPath([...issue.path, unknownKey]);
  const message = missing
    ? `Missing required parameter: ${param}.`
    : unknownKey !== undefined
      ? `Unknown parameter: ${named}.`
      : param === undefined
        ? `${issue.message}.`
        : `Invalid ${param}: ${issue.message}.`;
  const badRequest = rules.badRequest ?? 'invalid_request';
  const tag = issueTag(issue);
  const field = issue.path.length === 1 ? String(issue.path[0]) : undefined;
  const amountCode = field === undefined ? undefined : rules.amounts?.[field];
  const code: ErrorCode =
    rules.kind === 'query'
      ? 'invalid_request'
      : tag === 'missing' || tag === 'contradiction' || tag === 'malformed' || missing
        ? badRequest
        : amountCode !== undefined
          ? amountCode
          : tag === 'invalid_currency'
            ? rules.currency === true
              ? 'invalid_currency'
              : 'validation_error'
            : issue.code === 'invalid_type' ||
                issue.code === 'unrecognized_keys' ||
                issue.code === 'invalid_union'
              ? badRequest
              : 'validation_error';
  return { code, param: named, message, missing };
}

/**
 * Turns the zod issues of a request into its error answer: missing or mistyped
 * fields and unknown parameters are `400 invalid_request` (`400 bad_request` on checkout creation),
 * well-typed but invalid values `422 validation_error`, with the error table's own codes for amounts,
 * prices and currencies (`invalid_amount`, `invalid_price`, `invalid_currency`). Query problems are
 * always `400 invalid_request`. The first issue of the winning status
 * gives `code`, `param` and `message`; `details` lists every issue.
 */
function requestErrorFromIssues(
  issues: readonly z.core.$ZodIssue[],
  input: unknown,
  operation: RequestOperation,
): ErrorResponse {
  const rules: OperationRules = REQUEST_OPERATIONS[operation];
  const verdicts = issues.map((issue) => judge(issue, input, rules));
  const primary = verdicts.find((verdict) => verdict.code !== 'validation_error') ?? verdicts[0];
  if (primary === undefined) return errorResponse('internal_error', 'Validation failed without an issue.');
  const details = issues.flatMap((issue, index) => {
    const keys = issue.code === 'unrecognized_keys' ? issue.keys : [undefined];
    return keys.map((key) => ({
      field: formatParamPath(key === undefined ? issue.path : [...issue.path, key]) ?? 'body',
      message:
        verdicts[index]?.missing === true
          ? 'is required'
          : key === undefined
            ? issue.message
            : 'is not a known parameter',
    }));
  });
  return errorResponse(primary.code, primary.message, primary.param, details);
}

/**
 * The refusal of a request that uses `__proto__`, `constructor` or `prototype` as a key anywhere: the
 * code of a mistyped field (`400 invalid_request`, `400 bad_request` on checkout creation), naming it.
 */
function reservedKeyError(path: readonly (string | number)[], operation: RequestOperation): ErrorResponse {
  const rules: OperationRules = REQUEST_OPERATIONS[operation];
  const param = formatParamPath(path) ?? 'body';
  const message = `Invalid ${param}: __proto__, constructor and prototype are reserved keys.`;
  return errorResponse(rules.badRequest ?? 'invalid_request', message, param, [
    { field: param, message: 'is a reserved key' },
  ]);
}

/**
 * Hand checks of schemas on hot paths: each answers exactly the schema's output for the inputs it is sure
 * of (no reserved key among them) and `undefined` for every other, which zod then parses.
 */
const HAND_CHECKS: ReadonlyMap<z.ZodType, (input: unknown) => unknown> = new Map([
  [CheckoutCreate, checkCheckoutCreate],
]);

/**
 * Validates a request body or query with its schema and, on failure, builds the error answer of
 * that operation (the status and code the interface gives that operation's field errors). A key `__proto__`, `constructor` or `prototype`
 * anywhere in the input is refused first, with a 400 naming it: a zod record would drop `__proto__`
 * without a word, and the request would be accepted with less than was sent.
 *
 * @example
 * const parsed = parseRequest(ProductCreate, await request.json(), 'product.create');
 * if (!parsed.ok) return json(parsed.body, parsed.status);
 */
export function parseRequest<S extends z.ZodType>(
  schema: S,
  input: unknown,
  operation: RequestOperation,
): ParsedRequest<z.output<S>> {
  // A hand check answers the common well-formed body of a hot request as zod would, or defers to zod.
  const checked = HAND_CHECKS.get(schema)?.(input);
  if (checked !== undefined) return { ok: true, value: checked as z.output<S> };
  const reserved = findPrototypeKey(input);
  const result = reserved === undefined ? schema.safeParse(input) : undefined;
  if (result?.success === true) return { ok: true, value: result.data };
  const response =
    result === undefined
      ? reservedKeyError(reserved ?? [], operation)
      : requestErrorFromIssues(result.error.issues, input, operation);
  const { code, message, param } = response.body.error;
  return {
    ok: false,
    code,
    message,
    ...(param === undefined ? {} : { param }),
    status: response.status,
    body: response.body,
  };
}
