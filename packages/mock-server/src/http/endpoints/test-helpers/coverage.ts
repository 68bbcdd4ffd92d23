import { ok } from '@glm/domain';
import { CoverageQuery } from '@glm/domain/test-helpers';
import { controlEndpoint } from '../../control-endpoint.ts';
import type { Endpoint } from '../../endpoint.ts';

/** Test-helper coverage: what a suite exercised and what it never did, read or started again. */
export const coverageEndpoints: readonly Endpoint[] = [
  controlEndpoint({
    operationId: 'testGetCoverage',
    input: CoverageQuery,
    run: (controls, query) => ok(controls.coverage.read(query.scope)),
    doc: {
      description:
        'Counted since the server started or since `DELETE /v2/test_helpers/coverage`, for the calling ' +
        'merchant (`scope=server`: every merchant of the server, summed): each operation called with its ' +
        'statuses, error codes, idempotent replays, retries (`x-glm-retry-count` of 1 or more) and faults; ' +
        'each event type emitted, delivered (the receiver answered) and failed; the test cards the pay ' +
        'helpers were given; and what is missing against this document: operations of the merchant API never ' +
        'called (test helpers, the readiness probe and this document aside), documented error answers never given, event types never delivered, test cards ' +
        'never used. The counts survive a reset and a snapshot load; a removed merchant’s go with it.',
      success: { description: 'The coverage report.' },
    },
  }),
  controlEndpoint({
    operationId: 'testClearCoverage',
    input: CoverageQuery,
    run: (controls, query) => ok(controls.coverage.clear(query.scope)),
    doc: {
      description:
        'Every count of the calling merchant (`scope=server`: of every merchant of the server) starts ' +
        'again from zero now.',
      success: { description: 'Counting starts again.' },
    },
  }),
];
