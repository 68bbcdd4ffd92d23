import type { Engine } from '../../core/engine.ts';
import type { FaultRules } from '../faults/fault-rules.ts';
import type { IdempotencyStore } from '../idempotency/idempotency-store.ts';
import type { InstanceControls } from '../instance-controls.ts';
import type { RequestJournal } from '../journal/request-journal.ts';
import type { ResolvedRateLimits } from '../rate-limit/rate-limit-options.ts';
import type { SlidingWindowLimiter } from '../rate-limit/sliding-window.ts';
import type { RouteDefinition } from '../route.ts';
import type { Router } from '../router.ts';

/** What the request pipeline works with. */
export interface PipelineParts {
  /** The engine (state, clock, ids, events). */
  readonly engine: Engine;
  /** The route table. */
  readonly router: Router<RouteDefinition>;
  /** Rate-limit counters. */
  readonly limiter: SlidingWindowLimiter;
  /** Rate-limit rules, or `undefined` when off. */
  readonly rateLimits: () => ResolvedRateLimits | undefined;
  /** Idempotency keys. */
  readonly idempotency: IdempotencyStore;
  /** The request journal. */
  readonly journal: RequestJournal;
  /** The fault rules requests are matched against. */
  readonly faults: FaultRules;
  /** The instance's fault rules, journal, reset and snapshots, for the test helpers that act on them. */
  readonly controls: InstanceControls;
  /**
   * The methods a path outside the API (a hosted page, an asset) answers, `undefined` when nothing
   * lives there: a request that reaches the pipeline with another method there is `405`, not `404`.
   */
  readonly pageMethods?: (pathname: string) => readonly string[] | undefined;
}
