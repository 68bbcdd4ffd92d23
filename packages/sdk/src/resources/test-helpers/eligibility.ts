import type { EligibilityRefreshRequest, EligibilityRefreshResult } from '@glm/domain/test-helpers';
import type { z } from 'zod';
import type { APIPromise } from '../../api-promise.ts';
import type { RequestOptions } from '../../request-options.ts';
import { TestResource } from './test-resource.ts';

/** The body of {@link TestEligibility.refresh}. */
export type EligibilityRefreshParams = z.input<typeof EligibilityRefreshRequest>;

/** The eligibility database that decides which products are HSA/FSA eligible. */
export class TestEligibility extends TestResource {
  /** Plays a monthly refresh: re-checks every product and reports those whose result changed. */
  refresh(
    params: EligibilityRefreshParams = {},
    options?: RequestOptions,
  ): APIPromise<EligibilityRefreshResult> {
    return this.send(
      'POST /v2/test_helpers/eligibility/refresh',
      'EligibilityRefreshResult',
      options,
      params,
    );
  }
}
