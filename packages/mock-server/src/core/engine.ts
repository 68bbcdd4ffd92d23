import { createId, type EventType, type IdPrefix, type Mode, randomBase62 } from '@glm/domain';
import type { EligibilityService } from './eligibility-database.ts';
import type { EventLog, ServiceEvent } from './events/event-log.ts';
import type { KeyRegistry } from './keys/key-registry.ts';
import { capacityCheck } from './object-cap.ts';
import type { ApiError } from './outcome.ts';
import type { RandomSource } from './random-source.ts';
import type { ScheduledJob, Scheduler } from './scheduler.ts';
import { countObjects } from './store/object-count.ts';
import type { Store } from './store/store.ts';
import type { VirtualClock } from './virtual-clock.ts';

/**
 * The state and services handlers work with: one per service instance, rebuilt parts on `reset()`.
 * Handlers read the clock, make ids, change the store, append events and schedule jobs only through it.
 */
export interface Engine {
  /** The in-memory store (replaced on reset; always read it through the engine). */
  readonly store: Store;
  /** The event log. */
  readonly events: EventLog;
  /** The API keys. */
  readonly keys: KeyRegistry;
  /** The eligibility database (replaced on reset). */
  readonly eligibility: EligibilityService;
  /** Base URL of hosted pages (`checkout_url`, payment link `url`), without a trailing slash. */
  readonly baseUrl: string;
  /** The source of random bytes. */
  readonly random: RandomSource;
  /**
   * Current time: while a due job runs, its due time (the job runs "as of" then, so what it dates,
   * an expiry, a renewal order, their events, carries when it was due, not when it was noticed).
   */
  now(): Date;
  /** {@link Engine.now}, ISO 8601 UTC. */
  nowIso(): string;
  /**
   * The clock's own reading, even while a due job runs as of its due time: for what must stay real
   * (webhook signature timestamps and attempt times, which receivers check against their own clock;
   * rate-limit windows). Reading it dates nothing.
   */
  clockNow(): Date;
  /** {@link Engine.clockNow} in epoch milliseconds, without making a `Date`. */
  clockMs(): number;
  /** A new id: the prefix followed by 24 random base62 characters. */
  newId(prefix: IdPrefix): string;
  /** A request id for `x-request-id`: `req_` and 24 random base62 characters. */
  requestId(): string;
  /** Random base62 text (access tokens). */
  token(length: number): string;
  /** Appends an event of `mode` in the webhook event envelope and answers it. */
  emit(mode: Mode, type: EventType, data: Readonly<Record<string, unknown>>): ServiceEvent;
  /** Runs `run` once the clock reaches `dueAt` (epoch ms). */
  schedule(dueAt: number, run: () => void): void;
  /** Runs every job due by now, in time order (the lazy-on-read step). */
  runDue(): void;
  /** Moves the clock forward by `ms`, running due jobs in time order at their due times. */
  advance(ms: number): void;
  /** Moves the clock to `date` (never backwards), running due jobs on the way. */
  advanceTo(date: Date): void;
  /**
   * The refusal an operation that creates objects gets now: `507 storage_full` once the store holds
   * as many objects as the `maxObjects` cap; `undefined` below it, and always without a cap.
   */
  storageFull(): ApiError | undefined;
}

/** What the engine is built from. */
export interface EngineParts {
  /** The store. */
  readonly store: () => Store;
  /** The event log. */
  readonly events: EventLog;
  /** The key registry. */
  readonly keys: KeyRegistry;
  /** The eligibility database. */
  readonly eligibility: () => EligibilityService;
  /** The clock. */
  readonly clock: () => VirtualClock;
  /** The scheduler. */
  readonly scheduler: Scheduler;
  /** Random bytes. */
  readonly random: RandomSource;
  /** Base URL of hosted pages. */
  readonly baseUrl: string;
  /** The `maxObjects` cap, checked; `undefined` for none. */
  readonly maxObjects: number | undefined;
}

/**
 * Builds the {@link Engine} over its parts; `store` and `clock` are read through so `reset()` can swap them.
 *
 * A due job runs as of its due time, or of the latest instant `now()` already handed out when that is
 * later: stored objects and events are kept in creation order, and on the system clock time passes
 * while a request is answered, so work can fall due after a request ran due jobs but before it stamped
 * what it made. On the virtual clock the clock is moved to each due time first, so the two agree.
 */
export function createEngine(parts: EngineParts): Engine {
  const { events, keys, scheduler, random, baseUrl } = parts;
  const storageFull = capacityCheck(parts.maxObjects, () => countObjects(parts.store()));
  // The due time of the job running now, if any.
  let asOf: number | undefined;
  // The latest instant handed out by now(), per clock (reset() brings a new clock, which may start earlier).
  let stampedClock: VirtualClock | undefined;
  let stampedAt = Number.NEGATIVE_INFINITY;
  const clockMs = (): number => parts.clock().nowMs();
  const nowMs = (): number => {
    if (asOf !== undefined) return asOf;
    const clock = parts.clock();
    const at = clock.nowMs();
    stampedClock = clock;
    stampedAt = at;
    return at;
  };
  const runAsOf = (job: ScheduledJob, due: number): void => {
    const clock = parts.clock();
    const at = stampedClock === clock ? Math.max(due, stampedAt) : due;
    stampedClock = clock;
    stampedAt = at;
    const outer = asOf;
    asOf = at;
    try {
      job.run(at);
    } finally {
      asOf = outer;
    }
  };
  const nowIso = (): string => new Date(nowMs()).toISOString();
  const runUntil = (target: number): void => {
    for (let due = scheduler.peek(); due !== undefined && due <= target; due = scheduler.peek()) {
      const clock = parts.clock();
      if (due > clock.nowMs()) clock.moveTo(new Date(due));
      const job = scheduler.takeDue(due);
      if (job !== undefined) runAsOf(job, due);
    }
    const clock = parts.clock();
    if (target > clock.nowMs()) clock.moveTo(new Date(target));
  };
  return {
    get store() {
      return parts.store();
    },
    get eligibility() {
      return parts.eligibility();
    },
    events,
    keys,
    baseUrl,
    random,
    now: () => new Date(nowMs()),
    nowIso,
    clockNow: () => parts.clock().now(),
    clockMs,
    newId: (prefix) => createId(prefix, random),
    requestId: () => `req_${randomBase62(24, random)}`,
    token: (length) => randomBase62(length, random),
    emit(mode, type, data) {
      const event: ServiceEvent = {
        id: createId('evt_', random),
        type,
        created_at: nowIso(),
        test_mode: mode === 'test',
        api_version: 'v2',
        data,
      };
      events.append(mode, event);
      return event;
    },
    schedule(dueAt, run) {
      scheduler.schedule({ dueAt, run: () => run() });
    },
    runDue() {
      runUntil(clockMs());
    },
    advance(ms) {
      runUntil(clockMs() + ms);
    },
    advanceTo(date) {
      const target = date.getTime();
      if (Number.isNaN(target) || target < clockMs()) parts.clock().moveTo(date);
      runUntil(target);
    },
    storageFull,
  };
}
