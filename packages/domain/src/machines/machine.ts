import { err } from '../result.ts';

/** An instant as it travels on the wire: an ISO 8601 UTC timestamp such as `2025-01-31T09:30:00.000Z`. */
export type Instant = string;

/**
 * The codes a state machine refuses with: `invalid_state` for cancelling a payment link that is not
 * active, `conflict` for every other move the state forbids, and `invalid_request` when
 * an instant it was handed is not a valid ISO 8601 timestamp.
 */
export type MachineRefusalCode = 'invalid_state' | 'conflict' | 'invalid_request';

/** One legal move of a machine's table: in state `from`, the event `on` may lead to state `to`. */
export interface Move<S extends string, E extends string> {
  /** The status the move starts from. */
  readonly from: S;
  /** The event type that triggers it. */
  readonly on: E;
  /** The status it ends in. */
  readonly to: S;
}

/** A move that happened: the next state and the effects the caller must carry out, in order. */
export interface Moved<S, F> {
  /** The move was legal. */
  readonly ok: true;
  /** The state after the move. */
  readonly state: S;
  /** What the caller must do, as data, in this order (emit events, set timestamps, create records). */
  readonly effects: readonly F[];
}

/** A move the state forbids, as a value: the machine never throws. */
export interface Refused<C extends MachineRefusalCode> {
  /** The move was refused; the state is unchanged. */
  readonly ok: false;
  /** Machine-readable reason, one of the interface's error codes. */
  readonly code: C;
  /** A human message that names the current status. */
  readonly message: string;
  /** The offending parameter, when the contract names one. */
  readonly param?: string;
}

/** What every machine's `transition(state, event)` returns. */
export type Transition<S, F, C extends MachineRefusalCode = 'conflict' | 'invalid_request'> =
  | Moved<S, F>
  | Refused<C>;

/** An effect that asks the caller to emit a webhook event of the given type. */
export interface EmitEffect<E extends string> {
  /** Discriminant. */
  readonly kind: 'emit';
  /** The event type, as named in the interface's 6.2 and the decisions. */
  readonly event: E;
}

/** An effect that emits an event whose named data fields the machine decides. */
export interface EmitWithDataEffect<E extends string, D> extends EmitEffect<E> {
  /** The named fields the event carries beyond the resource itself. */
  readonly data: D;
}

/** An effect that asks the caller to set a timestamp field of the resource. */
export interface SetTimestampEffect<F extends string> {
  /** Discriminant. */
  readonly kind: 'set_timestamp';
  /** The resource field to set. */
  readonly field: F;
  /** The value: the `now` the event brought in. */
  readonly at: Instant;
}

/** An effect that asks the caller to create the order for a completed payment. */
export interface CreateOrderEffect {
  /** Discriminant. */
  readonly kind: 'create_order';
}

/** The effects of a payment that creates an order, in order. */
export type OrderCreationEffect = CreateOrderEffect | EmitEffect<'order.created' | 'order.completed'>;

/** Create the order, then emit `order.created` and `order.completed`, both carrying it. */
export const orderCreationEffects: readonly OrderCreationEffect[] = [
  { kind: 'create_order' },
  { kind: 'emit', event: 'order.created' },
  { kind: 'emit', event: 'order.completed' },
];

/** Milliseconds in one hour. */
export const HOUR_MS = 3_600_000;
/** Milliseconds in one day. */
export const DAY_MS = 24 * HOUR_MS;

const isoInstant = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,9})?(?:Z|[+-]\d{2}:\d{2})$/;

/** Milliseconds since the epoch of an ISO 8601 instant, or `undefined` when it is not one. */
export function instantMs(value: unknown): number | undefined {
  if (typeof value !== 'string' || !isoInstant.test(value)) return undefined;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? undefined : ms;
}

/** The ISO 8601 instant of an epoch millisecond count, or `undefined` when it is out of `Date`'s range. */
export function msInstant(ms: number): Instant | undefined {
  const date = new Date(ms);
  // toISOString throws on an invalid date; the machines never throw.
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

/** The instant `ms` milliseconds after `instant`, or `undefined` when `instant` is not an ISO 8601 instant. */
export function shiftInstant(instant: Instant, ms: number): Instant | undefined {
  const start = instantMs(instant);
  return start === undefined ? undefined : msInstant(start + ms);
}

/** Whether `now` is at or after `deadline`; `false` when either is not an instant. */
export function isAtOrAfter(now: Instant, deadline: Instant): boolean {
  const a = instantMs(now);
  const b = instantMs(deadline);
  return a !== undefined && b !== undefined && a >= b;
}

/** Wraps a legal move's next state and its effects. */
export function moved<S, F>(state: S, effects: readonly F[] = []): Moved<S, F> {
  return { ok: true, state, effects };
}

/** Whether the table lists a move from `from` on `on`. */
export function canMove<S extends string, E extends string>(
  table: readonly Move<S, E>[],
  from: string,
  on: string,
): boolean {
  return table.some((move) => move.from === from && move.on === on);
}

/** The `conflict` refusal for a move the current status forbids. */
export function conflict(message: string): Refused<'conflict'> {
  return err('conflict', message);
}

/** The standard `conflict` for an event the table does not allow in the current status. */
export function forbidden(noun: string, status: string, on: string): Refused<'conflict'> {
  return conflict(`A ${noun} that is ${status} does not accept ${on}.`);
}

/** The `invalid_request` refusal for an instant that is not an ISO 8601 timestamp. */
export function invalidInstant(param: string): Refused<'invalid_request'> {
  return err('invalid_request', `${param} must be an ISO 8601 timestamp.`, param);
}

/** The exhaustiveness check of every machine's `switch`: its `default` hands the event here as `never`. */
export function unknownEvent(_event: never): Refused<'conflict'> {
  // Unreachable for typed callers (the table check comes first); a plain-JS caller is refused, not thrown at.
  return conflict('Unknown event type.');
}
