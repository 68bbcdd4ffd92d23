import { refreshEligibility } from '../../../operations/eligibility/refresh.ts';
import { type Endpoint, endpoint } from '../../endpoint.ts';

/** Test-helper eligibility endpoint: the monthly database refresh. */
export const eligibilityEndpoints: readonly Endpoint[] = [
  endpoint({
    operationId: 'testRefreshEligibility',
    testOnly: true,
    operation: refreshEligibility,
    doc: {
      success: {
        description: 'The version and the changed products.',
      },
    },
  }),
];
