import fc from 'fast-check';
import { expect } from 'vitest';
import type { Instant, MachineRefusalCode, Move, Transition } from '../machine.ts';

/** The instant every machine test starts its clock at: the last day of a 31-day month, on purpose. */
export const t0 = '2025-01-31T00:00:00.000Z';

/** The instant `ms` milliseconds after {@link t0}. */
export function after(ms: number): Instant {
  return new Date(Date.parse(t0) + ms).toISOString();
}

/** Every status/event-type pair that the machine's table does not list: each must be refused. */
export function illegalPairs<S extends string, E extends string>(
  table: readonly Move<S, E>[],
  statuses: readonly S[],
  events: readonly E[],
): { from: S; on: E }[] {
  return statuses.flatMap((from) =>
    events.filter((on) => !table.some((m) => m.from === from && m.on === on)).map((on) => ({ from, on })),
  );
}

/** One step of a random walk: the clock moves on, then an event is built at the new `now`. */
interface Step<E> {
  readonly advanceMs: number;
  readonly event: (now: Instant) => E;
}

/** What a random walk over a machine checks after every step. */
export interface WalkSpec<
  S extends { status: string },
  E extends { type: string },
  F,
  C extends MachineRefusalCode,
> {
  /** The machine under test. */
  readonly transition: (state: S, event: E) => Transition<S, F, C>;
  /** Where walks start; starting in every status checks that terminal states stay terminal. */
  readonly initial: fc.Arbitrary<S>;
  /** Random events, built at the walk's current clock. */
  readonly event: fc.Arbitrary<(now: Instant) => E>;
  /** The machine's table: every successful move must be one of its rows. */
  readonly table: readonly Move<S['status'], E['type']>[];
  /** The status vocabulary. */
  readonly statuses: readonly string[];
  /** Codes a refusal may carry. */
  readonly refusals: readonly C[];
  /** Whether a same-status success with no effects is allowed outside the table (a no-op). */
  readonly noOps?: boolean;
  /** The largest clock step, in milliseconds. */
  readonly maxAdvanceMs: number;
  /** Machine-specific invariants, checked after every successful move. */
  readonly invariant?: (before: S, event: E, next: S, effects: readonly F[]) => void;
}

/**
 * Runs random event sequences through a machine and checks, at every step, that it did not throw,
 * that the status stayed in the vocabulary, that every successful move is a row of the table and
 * every refusal carries a known code, plus the machine's own invariants.
 */
export function checkRandomWalks<
  S extends { status: string },
  E extends { type: string },
  F,
  C extends MachineRefusalCode,
>(spec: WalkSpec<S, E, F, C>): void {
  const step = fc.record({ advanceMs: fc.nat({ max: spec.maxAdvanceMs }), event: spec.event });
  fc.assert(
    fc.property(spec.initial, fc.array(step, { maxLength: 40 }), (initial, steps: Step<E>[]) => {
      let state = initial;
      let clock = 0;
      for (const { advanceMs, event: build } of steps) {
        clock += advanceMs;
        const event = build(after(clock));
        const result = spec.transition(state, event);
        if (!result.ok) {
          expect(spec.refusals).toContain(result.code);
          continue;
        }
        const next = result.state;
        expect(spec.statuses).toContain(next.status);
        const noOp = spec.noOps === true && next.status === state.status && result.effects.length === 0;
        if (!noOp) {
          expect(spec.table).toContainEqual({ from: state.status, on: event.type, to: next.status });
        }
        spec.invariant?.(state, event, next, result.effects);
        state = next;
      }
    }),
  );
}

/** The event types a machine's effects emitted, in order. */
export function emitted(effects: readonly unknown[]): string[] {
  return effects.flatMap((effect) =>
    typeof effect === 'object' &&
    effect !== null &&
    'kind' in effect &&
    effect.kind === 'emit' &&
    'event' in effect
      ? [String(effect.event)]
      : [],
  );
}
