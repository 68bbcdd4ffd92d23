import type { Coverage, CoverageCleared } from '@glm/domain/test-helpers';
import type { CoverageScope, InstanceCoverage } from '../../http/coverage/instance-coverage.ts';

/** Options of {@link MockCoverageApi.coverage} and {@link MockCoverageApi.clearCoverage}. */
export interface CoverageOptions {
  /** `server`: every merchant of the server, summed; default `merchant`, this service's own. */
  readonly scope?: CoverageScope;
}

/** Coverage, read in JavaScript: what a suite exercised, and what it never did. */
export interface MockCoverageApi {
  /**
   * What the requests, events, deliveries and test cards exercised since the service started (or since
   * {@link MockCoverageApi.clearCoverage}), and what is missing against the OpenAPI document. Requests
   * count as they reach the API over HTTP (msw or the standalone server), not calls of this JavaScript
   * API. A reset or a snapshot load keeps the counts.
   *
   * @example
   * const { totals, missing } = mock.coverage();
   * console.log(`${totals.operations.used}/${totals.operations.total} operations`, missing.operations);
   */
  coverage(options?: CoverageOptions): Coverage;
  /** Starts counting again from now. */
  clearCoverage(options?: CoverageOptions): CoverageCleared;
}

/** The JavaScript face of an instance's coverage. */
export function createCoverageApi(coverage: InstanceCoverage): MockCoverageApi {
  return {
    coverage: ({ scope = 'merchant' } = {}) => coverage.read(scope),
    clearCoverage: ({ scope = 'merchant' } = {}) => coverage.clear(scope),
  };
}
