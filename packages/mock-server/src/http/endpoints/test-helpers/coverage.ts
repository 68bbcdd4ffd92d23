import { ok } from '@glm/domain';
import { Coverage, CoverageCleared, CoverageQuery } from '@glm/domain/test-helpers';
import { controlEndpoint } from '../../control-endpoint.ts';
import type { Endpoint } from '../../endpoint.ts';

/** Test-helper coverage: what a suite exercised and what it never did, read or started again. */
export const coverageEndpoints: readonly Endpoint[] = [
  controlEndpoint({
    method: 'GET',
    path: '/test_helpers/coverage',
    input: CoverageQuery,
    rules: 'test_helpers.coverage.read',
    run: (controls, query) => ok(controls.coverage.read(query.scope)),
    doc: {
      operationId: 'testGetCoverage',
      summary: 'Read what the requests exercised, and what they never did',
      tag: 'Test helpers',
      description:
        'Counted since the server started or since `DELETE /v2/test_helpers/coverage`, for the calling ' +
        'merchant (`scope=server`: every merchant of the server, summed): each operation called with its ' +
        'statuses, error codes, idempotent replays, retries (`x-glm-retry-count` of 1 or more) and faults; ' +
        'each event type emitted, delivered (the receiver answered) and failed; the test cards the pay ' +
        'helpers were given; and what is missing against this document: operations never called (test ' +
        'helpers aside), documented error answers never given, event types never delivered, test cards ' +
        'never used. The counts survive a reset and a snapshot load; a removed merchant’s go with it.',
      success: { status: 200, schema: Coverage, description: 'The coverage report.' },
    },
  }),
  controlEndpoint({
    method: 'DELETE',
    path: '/test_helpers/coverage',
    input: CoverageQuery,
    rules: 'test_helpers.coverage.read',
    run: (controls, query) => ok(controls.coverage.clear(query.scope)),
    doc: {
      operationId: 'testClearCoverage',
      summary: 'Start counting coverage again',
      tag: 'Test helpers',
      description:
        'Every count of the calling merchant (`scope=server`: of every merchant of the server) starts ' +
        'again from zero now.',
      success: { status: 200, schema: CoverageCleared, description: 'Counting starts again.' },
    },
  }),
];
