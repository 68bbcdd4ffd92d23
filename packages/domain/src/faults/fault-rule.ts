import { z } from 'zod';
import { tagged } from '../schemas/issue-tag.ts';
import { Timestamp } from '../schemas/primitives.ts';
import { type FaultProblem, REQUEST_FAULT_FIELDS, requestFaultProblems } from './fault.ts';
import {
  REQUEST_ONLY_KEYS,
  WEBHOOK_FAULT_FIELDS,
  WEBHOOK_ONLY_KEYS,
  WebhookFaultMatch,
} from './webhook-fault.ts';

/** The version prefixes of the API's paths, the longer first. */
const VERSION_PREFIXES = ['/api/v2', '/v2'] as const;

/** A path without its version prefix (`/api/v2/checkout` → `/checkout`); `undefined` when it has none. */
export function unversionedPath(path: string): string | undefined {
  for (const prefix of VERSION_PREFIXES) {
    if (path.startsWith(`${prefix}/`)) return path.slice(prefix.length);
  }
  return undefined;
}

/** Whether a path (without its version prefix) is a test helper's: those are never faulted. */
export function isTestHelperPath(unversioned: string): boolean {
  return unversioned === '/test_helpers' || unversioned.startsWith('/test_helpers/');
}

const RulePath = z
  .string()
  .max(2048)
  .superRefine((path, context) => {
    const unversioned = unversionedPath(path);
    if (
      unversioned === undefined ||
      unversioned
        .split('/')
        .slice(1)
        .some((segment) => segment === '')
    ) {
      context.addIssue({
        code: 'custom',
        message: 'must be an API path such as /v2/checkout or /api/v2/orders/:id',
      });
    } else if (isTestHelperPath(unversioned)) {
      context.addIssue({ code: 'custom', message: 'test-helper routes are never faulted' });
    }
  });

/**
 * Which requests a fault rule catches; every field given must match, and an empty match catches every
 * API request (test helpers, `GET /openapi.json`, `/healthz`, hosted pages and the dashboard are never
 * faulted).
 *
 * - `method`: `GET`, `POST`, `PUT` or `DELETE` (any case).
 * - `path`: an API path with its version prefix (`/v2/…` and `/api/v2/…` match alike); a `:name`
 *   segment matches any one segment (`/v2/orders/:id`).
 * - `operation`: the endpoint's `operationId` in the OpenAPI document (`createCheckoutSession`).
 * - `webhook`: instead of requests, the rule alters the server's webhook delivery attempts (to one
 *   `endpoint`, of one `event_type`, or every one: `{}`); it then takes none of the three above.
 */
export const FaultMatch = z.strictObject({
  method: z
    .string()
    .transform((method) => method.toUpperCase())
    .pipe(z.enum(['GET', 'POST', 'PUT', 'DELETE'], { error: 'must be GET, POST, PUT or DELETE' }))
    .optional(),
  path: RulePath.optional(),
  operation: z
    .string()
    .regex(/^[A-Za-z][A-Za-z0-9]{0,99}$/, 'must be an operationId such as createCheckoutSession')
    .optional(),
  webhook: WebhookFaultMatch.optional(),
});
/** Which requests a fault rule catches. */
export type FaultMatch = z.infer<typeof FaultMatch>;

// What `times` takes, said the same way whatever is wrong with it (a string such as "*" included).
const TIMES_RULE = 'must be a whole number of times from 1 to 1000000, or null for no limit';

/**
 * What a fault rule does. A rule that matches requests alters the answer: `status`, `code`, `network`,
 * `delay_ms`, `when` (see the `Glm-Mock-Fault` header). A rule that matches webhook deliveries
 * (`match.webhook`) alters each attempt it catches: `signature` (`invalid`: another body is signed,
 * `stale`: signed correctly an hour ago, `missing`: no signature header, `wrong_secret`: signed with a
 * secret that is not the endpoint's), `bearer` (`invalid` or `missing` `Authorization`), `drop: true`
 * (the attempt is lost before it reaches the receiver and counts as failed) and `delay_ms` (the attempt
 * is held that long on the service clock). Only the attempts caught are altered: the retries after them
 * are genuine.
 */
export const RuleFault = z.strictObject({ ...REQUEST_FAULT_FIELDS, ...WEBHOOK_FAULT_FIELDS });
/** What a fault rule does. */
export type RuleFault = z.infer<typeof RuleFault>;

/** The problems of a webhook rule's fault: only delivery fields, at least one, and a drop alters nothing else. */
function webhookFaultProblems(fault: RuleFault): FaultProblem[] {
  const problems: FaultProblem[] = REQUEST_ONLY_KEYS.filter((key) => fault[key] !== undefined).map((key) => ({
    path: [key],
    message: 'a rule that matches webhook deliveries takes signature, bearer, drop or delay_ms',
  }));
  const { signature, bearer, drop, delay_ms: delay } = fault;
  if (problems.length === 0 && [signature, bearer, drop, delay].every((value) => value === undefined)) {
    problems.push({
      path: [],
      message: 'a webhook fault needs at least one of signature, bearer, drop or delay_ms',
    });
  }
  if (drop === true && (signature !== undefined || bearer !== undefined)) {
    problems.push({
      path: ['drop'],
      message: 'a dropped attempt sends nothing whose headers could be altered',
    });
  }
  return problems;
}

/** The problems of a request rule's fault: no delivery fields, and the answer fault's own rules. */
function requestRuleProblems(fault: RuleFault): FaultProblem[] {
  const misplaced = WEBHOOK_ONLY_KEYS.filter((key) => fault[key] !== undefined).map((key) => ({
    path: [key],
    message: 'only a rule that matches webhook deliveries (match.webhook) alters deliveries',
  }));
  return misplaced.length > 0 ? misplaced : requestFaultProblems(fault);
}

/**
 * The body of `POST /v2/test_helpers/faults`: which requests or webhook deliveries (`match`), what
 * happens (`fault`), how many times (`times`, default 1; `null` until removed) and how likely
 * (`probability`, 0–1, default 1, drawn from the server's seeded random source). A request or delivery
 * the rule catches but the draw spares does not use up a time.
 */
export const FaultRuleCreate = z
  .strictObject({
    match: FaultMatch.default({}),
    fault: RuleFault,
    times: z.int({ error: TIMES_RULE }).min(1, TIMES_RULE).max(1_000_000, TIMES_RULE).nullable().default(1),
    probability: z.number().min(0).max(1).default(1),
  })
  .superRefine((rule, context) => {
    const { webhook, method, path, operation } = rule.match;
    if (webhook !== undefined && (method !== undefined || path !== undefined || operation !== undefined)) {
      context.addIssue({
        code: 'custom',
        path: ['match', 'webhook'],
        message: 'a rule matches webhook deliveries or requests: leave out method, path and operation',
        ...tagged('contradiction'),
      });
      return;
    }
    const problems =
      webhook === undefined ? requestRuleProblems(rule.fault) : webhookFaultProblems(rule.fault);
    for (const problem of problems) {
      context.addIssue({
        code: 'custom',
        path: ['fault', ...problem.path],
        message: problem.message,
        ...tagged('contradiction'),
      });
    }
  });
/** The body of `POST /v2/test_helpers/faults`. */
export type FaultRuleCreate = z.infer<typeof FaultRuleCreate>;
/** The body of `POST /v2/test_helpers/faults`, as written (defaults not yet applied). */
export type FaultRuleInput = z.input<typeof FaultRuleCreate>;

/** A fault rule: `remaining` counts the times left (`null` while unlimited). */
export const FaultRule = z.object({
  id: z.string(),
  match: FaultMatch,
  fault: RuleFault,
  times: z.int().nullable(),
  probability: z.number(),
  remaining: z.int().nullable(),
  created_at: Timestamp,
});
/** A fault rule. */
export type FaultRule = z.infer<typeof FaultRule>;

/** The answer of `GET /v2/test_helpers/faults`: every rule in force, oldest first. */
export const FaultRuleList = z.object({ data: z.array(FaultRule) });
/** The answer of `GET /v2/test_helpers/faults`. */
export type FaultRuleList = z.infer<typeof FaultRuleList>;

/** The request a fault rule is matched against. */
export interface FaultTarget {
  /** The HTTP method, upper case. */
  readonly method: string;
  /** The request path without its version prefix (`/checkout/cs_…`). */
  readonly path: string;
  /** The endpoint's `operationId`, when the request reached one. */
  readonly operation: string | undefined;
}

/** Whether a path (without its version prefix) fits a pattern whose `:name` segments match any one segment. */
export function pathFits(pattern: string, path: string): boolean {
  const want = pattern.split('/');
  const have = path.split('/');
  if (want.length !== have.length) return false;
  return want.every((segment, index) =>
    segment.startsWith(':') ? have[index] !== '' : segment === have[index],
  );
}

/** Whether a rule's match catches a request (a rule matching webhook deliveries never does). */
export function faultMatches(match: FaultMatch, target: FaultTarget): boolean {
  if (match.webhook !== undefined) return false;
  if (match.method !== undefined && match.method !== target.method) return false;
  if (match.operation !== undefined && match.operation !== target.operation) return false;
  if (match.path !== undefined) {
    const pattern = unversionedPath(match.path);
    if (pattern === undefined || !pathFits(pattern, target.path)) return false;
  }
  return true;
}
