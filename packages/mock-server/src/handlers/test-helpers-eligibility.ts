import { EligibilityRefreshRequest } from '@glm/domain';
import { parseBody } from '../http/parse.ts';
import { refreshEligibility } from '../operations/eligibility.ts';
import { answerParsed, type Endpoint } from './endpoint.ts';

/** Test-helper eligibility endpoint: the monthly database refresh. */
export const eligibilityEndpoints: readonly Endpoint[] = [
  {
    method: 'POST',
    path: '/test_helpers/eligibility/refresh',
    testOnly: true,
    handle: (context) =>
      answerParsed(
        parseBody(EligibilityRefreshRequest, context.body, 'test_helpers.eligibility.refresh'),
        (input) => refreshEligibility(context, input),
      ),
    doc: {
      operationId: 'testRefreshEligibility',
      summary: 'Install a new eligibility database version and re-check every product',
      tag: 'Test helpers',
      body: 'EligibilityRefreshRequest',
      validation: 'test_helpers.eligibility.refresh',
      success: {
        status: 200,
        schema: 'EligibilityRefreshResult',
        description: 'The version and the changed products.',
      },
    },
  },
];
