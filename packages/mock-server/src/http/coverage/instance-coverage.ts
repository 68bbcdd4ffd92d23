import type { Coverage, CoverageCleared } from '@glm/domain/test-helpers';
import type { Engine } from '../../core/engine.ts';
import type { DeliveryQueue } from '../../operations/webhooks/delivery-queue.ts';
import { type CoverageCounters, createCoverageCounters } from './coverage-counters.ts';
import { type CoverageCatalog, coverageReport } from './coverage-report.ts';

/** Whose coverage: the calling merchant's, or every merchant's of the server. */
export type CoverageScope = Coverage['scope'];

/** One merchant's coverage: its counters, and the report of them or of the whole server. */
export interface InstanceCoverage {
  /** The merchant's own counters (the pipeline counts its requests into them). */
  readonly counters: CoverageCounters;
  /** The report of the merchant (`merchant`) or of every merchant of the server (`server`). */
  read(scope: CoverageScope): Coverage;
  /** Starts counting again from now, for the merchant or for every merchant of the server. */
  clear(scope: CoverageScope): CoverageCleared;
}

/** What one merchant's coverage is made from. */
export interface InstanceCoverageParts {
  /** The merchant's engine: its clock, and the event log counted. */
  readonly engine: Engine;
  /** The merchant's deliveries, counted as they end. */
  readonly deliveries: Pick<DeliveryQueue, 'watch'>;
  /** What coverage is measured against (the API's operations and their documented error answers). */
  readonly catalog: () => CoverageCatalog;
  /** The counters of every merchant of the server (this one's included). */
  readonly server: () => readonly CoverageCounters[];
}

const coverages = new WeakMap<Engine, InstanceCoverage>();

/** The coverage of the merchant an engine belongs to. */
export function coverageOf(engine: Engine): InstanceCoverage {
  const found = coverages.get(engine);
  if (found === undefined) throw new TypeError('This engine has no coverage counters.');
  return found;
}

/**
 * Builds a merchant's coverage and starts counting its events and deliveries. The counters are not
 * state: a reset or a snapshot load leaves them alone, so a suite that resets between tests sees its
 * whole run.
 */
export function createInstanceCoverage(parts: InstanceCoverageParts): InstanceCoverage {
  const { engine } = parts;
  const now = () => engine.clockNow().toISOString();
  const counters = createCoverageCounters(now);
  engine.events.subscribe((event) => counters.recordEvent(event.type));
  parts.deliveries.watch((delivery, mode) => counters.recordDelivery(delivery, mode));
  const scoped = (scope: CoverageScope) => (scope === 'server' ? parts.server() : [counters]);
  const coverage: InstanceCoverage = {
    counters,
    read: (scope) =>
      coverageReport({
        scope,
        counters: scoped(scope),
        catalog: parts.catalog(),
        fallbackSince: now(),
      }),
    clear(scope) {
      for (const each of scoped(scope)) each.clear();
      return { cleared: true, scope, since: now() };
    },
  };
  coverages.set(engine, coverage);
  return coverage;
}
