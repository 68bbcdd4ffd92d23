import type { Coverage, CoverageCleared, CoverageQuery } from '@glm/domain/test-helpers';
import type { APIPromise } from '../../api-promise.ts';
import type { RequestOptions } from '../../request-options.ts';
import { TestResource } from './test-resource.ts';

/** Whose coverage: `merchant` (the client's own, the default) or `server` (every merchant, summed). */
export type CoverageParams = Partial<CoverageQuery>;

const coveragePath = ({ scope }: CoverageParams): string =>
  scope === 'server' ? '/v2/test_helpers/coverage?scope=server' : '/v2/test_helpers/coverage';

/**
 * What a suite exercised on the reference server, and what it never did: operations with their
 * statuses, error codes, replays, retries and faults; events emitted and delivered; test cards used;
 * and what is missing against the server's OpenAPI document.
 */
export class TestCoverage extends TestResource {
  /**
   * The coverage report since the server started (or the last {@link TestCoverage.clear}).
   *
   * @example
   * const { totals } = await glm.testHelpers.coverage.get({ scope: 'server' });
   * console.log(`${totals.operations.used} of ${totals.operations.total} operations exercised`);
   */
  get(params: CoverageParams = {}, options?: RequestOptions): APIPromise<Coverage> {
    return this.send('GET', coveragePath(params), 'Coverage', options);
  }

  /** Starts counting again from now. */
  clear(params: CoverageParams = {}, options?: RequestOptions): APIPromise<CoverageCleared> {
    return this.send('DELETE', coveragePath(params), 'CoverageCleared', options);
  }
}
