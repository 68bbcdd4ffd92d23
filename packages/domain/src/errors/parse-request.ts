import type { z } from 'zod';
import { type OperationId, ROUTES } from '../contract/index.ts';
import type { Route, RouteValidation } from '../contract/route.ts';
import { CheckoutCreate } from '../schemas/checkout-create-body.ts';
import { checkCheckoutCreate } from '../schemas/checkout-create-check.ts';
import { issueTag } from '../schemas/issue-tag.ts';
import type { ErrorCode } from './error-code.ts';
import { type ErrorResponse, errorResponse } from './error-response.ts';
import { formatParamPath } from './param-path.ts';
import { findPrototypeKey } from './prototype-keys.ts';

/** How the validation problems of one request map to error answers. */
export interface RequestRules extends RouteValidation {
  /** `query`: every problem is `400 invalid_request`. `body`: the 400/422 split. */
  readonly kind: 'query' | 'body';
}

/** The names of the validation rules the route table's rows give. */
type RouteRulesName = {
  [K in OperationId]: (typeof ROUTES)[K] extends { readonly rules: infer Name extends string } ? Name : never;
}[OperationId];

/** Requests that arrive through no endpoint: the seed file a running service is given. */
const OFF_ROUTE_RULES = { 'test_helpers.seed': { kind: 'body' } } as const satisfies Record<
  string,
  RequestRules
>;

/** A request the service validates: the key of its rules in {@link REQUEST_OPERATIONS}. */
export type RequestOperation = RouteRulesName | keyof typeof OFF_ROUTE_RULES;

function requestOperations(): Readonly<Record<RequestOperation, RequestRules>> {
  const rules: Record<string, RequestRules> = {};
  for (const route of Object.values(ROUTES) as Route[]) {
    if (route.rules === undefined) continue;
    rules[route.rules] = { kind: route.body === undefined ? 'query' : 'body', ...route.validation };
  }
  return { ...rules, ...OFF_ROUTE_RULES } as Record<RequestOperation, RequestRules>;
}

/**
 * How the validation problems of each request map to error answers, read from the route table: a
 * row's `rules` names them, its body or query gives their kind, its `validation` the particular codes.
 */
export const REQUEST_OPERATIONS: Readonly<Record<RequestOperation, RequestRules>> =
  /* @__PURE__ */ requestOperations();

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

function judge(issue: z.core.$ZodIssue, input: unknown, rules: RequestRules): Verdict {
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
  const rules: RequestRules = REQUEST_OPERATIONS[operation];
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
  const rules: RequestRules = REQUEST_OPERATIONS[operation];
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
