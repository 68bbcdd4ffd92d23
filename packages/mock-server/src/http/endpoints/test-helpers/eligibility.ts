import { EligibilityRefreshResult } from '@glm/domain/test-helpers';
import { refreshEligibility } from '../../../operations/eligibility/refresh.ts';
import { type Endpoint, endpoint } from '../../endpoint.ts';

/** Test-helper eligibility endpoint: the monthly database refresh. */
export const eligibilityEndpoints: readonly Endpoint[] = [
  endpoint({
    method: 'POST',
    path: '/test_helpers/eligibility/refresh',
    testOnly: true,
    operation: refreshEligibility,
    doc: {
      operationId: 'testRefreshEligibility',
      summary: 'Install a new eligibility database version and re-check every product',
      tag: 'Test helpers',
      success: {
        status: 200,
        schema: EligibilityRefreshResult,
        description: 'The version and the changed products.',
      },
    },
  }),
];
