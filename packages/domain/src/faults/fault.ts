import { z } from 'zod';
import { ERROR_STATUS, ErrorCode } from '../errors/error-code.ts';

/**
 * What the connection does instead of answering: `reset` closes it with no answer, `timeout` sends
 * nothing until the client gives up (at most a minute), `truncated` sends a `200` whose JSON body stops
 * half-way and then closes, `slow_body` sends the status and headers at once and the body in small
 * chunks at `rate_bytes_per_second` (so a client's timeout that must cover the body is tested).
 */
export const FaultNetwork = z.enum(['reset', 'timeout', 'truncated', 'slow_body']);
/** What the connection does instead of answering. */
export type FaultNetwork = z.infer<typeof FaultNetwork>;

/**
 * When a fault strikes: `before` the operation (nothing changes, no idempotency record is kept), or
 * `after` it (the work is committed, then its answer is lost or replaced: a retry with the same
 * `Idempotency-Key` replays the original answer).
 */
export const FaultWhen = z.enum(['before', 'after']);
/** When a fault strikes. */
export type FaultWhen = z.infer<typeof FaultWhen>;

/** The longest delay a fault may add, in milliseconds. */
export const MAX_FAULT_DELAY_MS = 30_000;

/** How long a `network=timeout` fault holds a request when the client never gives up, in milliseconds. */
export const FAULT_TIMEOUT_HOLD_MS = 60_000;

/** Every HTTP status a fault may answer: the statuses of the error table, lowest first. */
export const FAULT_STATUSES: readonly number[] = [...new Set(Object.values(ERROR_STATUS))].sort(
  (a, b) => a - b,
);

/** The codes of the error table that answer `status`, in table order. */
export function codesOfStatus(status: number): ErrorCode[] {
  return ErrorCode.options.filter((code) => ERROR_STATUS[code] === status);
}

const FaultStatus = z.int().refine((status) => FAULT_STATUSES.includes(status), {
  error: `must be a status of the error table (${FAULT_STATUSES.join(', ')})`,
});

/**
 * A delay drawn afresh for each faulted request from the server's seeded random source, in
 * milliseconds: `uniform` between `min_ms` and `max_ms`, or `lognormal` around `median_ms` with spread
 * `sigma` (production latency: most answers near the median, a long tail). Parameters are at most
 * 30 000 ms, and each draw is capped at 30 000 ms.
 */
export const DelayDistribution = z.union([
  z.strictObject({ distribution: z.literal('uniform'), min_ms: z.number(), max_ms: z.number() }),
  z.strictObject({ distribution: z.literal('lognormal'), median_ms: z.number(), sigma: z.number() }),
]);
/** A delay drawn from a distribution. */
export type DelayDistribution = z.infer<typeof DelayDistribution>;

/** The fields of a fault that alters an answer (the header's and a request rule's). */
export const REQUEST_FAULT_FIELDS = {
  status: FaultStatus.optional(),
  code: ErrorCode.optional(),
  network: FaultNetwork.optional(),
  delay_ms: z.int().min(0).max(MAX_FAULT_DELAY_MS).optional(),
  delay: DelayDistribution.optional(),
  rate_bytes_per_second: z.number().optional(),
  when: FaultWhen.optional(),
} as const;

/** The fastest a slow body may be sent, in bytes a second. */
const MAX_SLOW_BODY_RATE = 10_000_000;

/** The problems of a delay distribution's parameters (whole milliseconds up to 30 s, a sensible spread). */
function distributionProblems(delay: DelayDistribution): FaultProblem[] {
  const wholeMs = (value: number) => Number.isInteger(value) && value >= 0 && value <= MAX_FAULT_DELAY_MS;
  const problems: FaultProblem[] = [];
  const range = `must be a whole number of milliseconds from 0 to ${MAX_FAULT_DELAY_MS}`;
  if (delay.distribution === 'uniform') {
    if (!wholeMs(delay.min_ms)) problems.push({ path: ['delay', 'min_ms'], message: range });
    if (!wholeMs(delay.max_ms)) problems.push({ path: ['delay', 'max_ms'], message: range });
    if (problems.length === 0 && delay.min_ms > delay.max_ms) {
      problems.push({ path: ['delay', 'max_ms'], message: 'must not be less than min_ms' });
    }
  } else {
    if (!wholeMs(delay.median_ms) || delay.median_ms === 0) {
      problems.push({
        path: ['delay', 'median_ms'],
        message: `must be a whole number of milliseconds from 1 to ${MAX_FAULT_DELAY_MS}`,
      });
    }
    if (!(delay.sigma > 0 && delay.sigma <= MAX_SIGMA)) {
      problems.push({ path: ['delay', 'sigma'], message: `must be more than 0 and at most ${MAX_SIGMA}` });
    }
  }
  return problems;
}

/** The problems of a slow body: it needs a rate of at least one byte a second, and only it takes one. */
function slowBodyProblems(network: FaultNetwork | undefined, rate: number | undefined): FaultProblem[] {
  if (network !== 'slow_body') {
    return rate === undefined
      ? []
      : [{ path: ['rate_bytes_per_second'], message: 'only network slow_body takes a rate' }];
  }
  if (rate === undefined) {
    return [{ path: ['rate_bytes_per_second'], message: 'network slow_body needs rate_bytes_per_second' }];
  }
  return Number.isInteger(rate) && rate >= 1 && rate <= MAX_SLOW_BODY_RATE
    ? []
    : [
        {
          path: ['rate_bytes_per_second'],
          message: `must be a whole number of bytes a second from 1 to ${MAX_SLOW_BODY_RATE}`,
        },
      ];
}

/** The widest spread a lognormal delay takes. */
const MAX_SIGMA = 5;

/** One problem of a fault: the path of the field under the fault, and what is wrong. */
export interface FaultProblem {
  /** The field's path under the fault (`[]` for the fault as a whole). */
  readonly path: readonly string[];
  /** What is wrong, in words. */
  readonly message: string;
}

/** The problems of a fault that alters an answer, beyond its fields' own types. */
export function requestFaultProblems(fault: {
  readonly status?: number | undefined;
  readonly code?: ErrorCode | undefined;
  readonly network?: FaultNetwork | undefined;
  readonly delay_ms?: number | undefined;
  readonly delay?: DelayDistribution | undefined;
  readonly rate_bytes_per_second?: number | undefined;
  readonly when?: FaultWhen | undefined;
}): FaultProblem[] {
  const { status, code, network, delay_ms: delay, when, delay: drawn } = fault;
  const problems: FaultProblem[] = [
    ...(drawn === undefined ? [] : distributionProblems(drawn)),
    ...slowBodyProblems(network, fault.rate_bytes_per_second),
  ];
  if (drawn !== undefined && delay !== undefined) {
    problems.push({
      path: ['delay'],
      message: 'a fault has one delay: delay_ms (fixed) or delay (drawn), not both',
    });
  }
  const delayed = delay !== undefined || drawn !== undefined;
  if (status === undefined && code === undefined && network === undefined && !delayed) {
    problems.push({
      path: [],
      message: 'a fault needs at least one of status, code, network, delay_ms or delay',
    });
  }
  if (network !== undefined && (status !== undefined || code !== undefined)) {
    problems.push({
      path: ['network'],
      message: 'a network fault has no status or code: the client never gets an answer to read',
    });
  }
  if (status !== undefined && code !== undefined && ERROR_STATUS[code] !== status) {
    problems.push({
      path: ['code'],
      message: `${code} answers ${ERROR_STATUS[code]}, not ${status} (codes of ${status}: ${codesOfStatus(status).join(', ')})`,
    });
  }
  if ((network === 'truncated' || network === 'slow_body') && when === 'before') {
    problems.push({
      path: ['when'],
      message: `a ${network === 'truncated' ? 'truncated' : 'slow'} answer sends the operation’s own answer, so it strikes after the operation`,
    });
  }
  return problems;
}

/**
 * A fault: an error answer (`status`, optionally its `code`), a network failure (`network`), a delay
 * (`delay_ms`, alone it delays a normal answer), and when it strikes (`when`, default `before`).
 *
 * - `code` picks the error body's code among the codes of `status` (default: the table's first code for
 *   that status); `code` alone implies its status.
 * - `status` and `network` exclude each other; at least one of `status`, `code`, `network`, `delay_ms`.
 * - `network: truncated` cuts the operation's own answer, so it needs `when: after` (its default).
 */
export const Fault = z.strictObject(REQUEST_FAULT_FIELDS).superRefine((fault, context) => {
  for (const problem of requestFaultProblems(fault)) {
    context.addIssue({ code: 'custom', path: [...problem.path], message: problem.message });
  }
});
/** A fault, as a rule or the `Glm-Mock-Fault` header asks for it. */
export type Fault = z.infer<typeof Fault>;

/** What a fault does to the answer, once resolved: an error answer, a network failure, or nothing but a delay. */
export type FaultEffect =
  | { readonly kind: 'status'; readonly status: number; readonly code: ErrorCode }
  | { readonly kind: 'network'; readonly network: FaultNetwork; readonly rateBytesPerSecond?: number }
  | { readonly kind: 'delay' };

/** A fault with its defaults filled in: what the server carries out. */
export interface FaultPlan {
  /** Before or after the operation. */
  readonly when: FaultWhen;
  /** Milliseconds to wait before the effect (0 when none; a drawn delay's draw, once {@link drawDelay} made it). */
  readonly delayMs: number;
  /** The distribution each strike draws its delay from, when the delay is drawn. */
  readonly delay?: DelayDistribution;
  /** What replaces the answer. */
  readonly effect: FaultEffect;
}

/**
 * Fills in a valid fault's defaults: the code of its status (or the status of its code), `when`
 * (`after` for a truncated answer, else `before`) and a delay of 0.
 */
export function planFault(fault: Fault): FaultPlan {
  const { delay, ...fixed } = fault;
  if (delay !== undefined) return { ...planFault(fixed), delay };
  const delayMs = fault.delay_ms ?? 0;
  if (fault.network !== undefined) {
    const sendsAnswer = fault.network === 'truncated' || fault.network === 'slow_body';
    const when = fault.when ?? (sendsAnswer ? 'after' : 'before');
    const rate = fault.rate_bytes_per_second;
    const effect = { kind: 'network', network: fault.network } as const;
    return { when, delayMs, effect: rate === undefined ? effect : { ...effect, rateBytesPerSecond: rate } };
  }
  const when = fault.when ?? 'before';
  const code = fault.code ?? (fault.status === undefined ? undefined : codesOfStatus(fault.status)[0]);
  if (code === undefined) return { when, delayMs, effect: { kind: 'delay' } };
  return { when, delayMs, effect: { kind: 'status', status: fault.status ?? ERROR_STATUS[code], code } };
}

/**
 * The delay of one strike: a fixed delay as it is, a drawn one sampled with `draw` (uniform draws in
 * [0, 1) from the server's seeded random source) and capped at 30 000 ms.
 */
export function drawDelay(plan: FaultPlan, draw: () => number): FaultPlan {
  const { delay } = plan;
  if (delay === undefined) return plan;
  const sampled =
    delay.distribution === 'uniform'
      ? delay.min_ms + Math.floor(draw() * (delay.max_ms - delay.min_ms + 1))
      : delay.median_ms * Math.exp(delay.sigma * standardNormal(draw));
  return { ...plan, delayMs: Math.min(Math.max(0, Math.round(sampled)), MAX_FAULT_DELAY_MS) };
}

/** A standard normal draw from two uniform draws (Box–Muller). */
function standardNormal(draw: () => number): number {
  const u = 1 - draw();
  const v = draw();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}
