import { ok } from '@glm/domain';
import { RequestListQuery } from '@glm/domain/test-helpers';
import { refusal } from '../../../core/outcome.ts';
import { controlEndpoint } from '../../control-endpoint.ts';
import type { Endpoint } from '../../endpoint.ts';

/** Test-helper request journal: what the instance was asked and answered, secrets removed. */
export const requestJournalEndpoints: readonly Endpoint[] = [
  controlEndpoint({
    operationId: 'testListRequests',
    input: RequestListQuery,
    run(controls, query) {
      const { limit, starting_after: startingAfter, ...filter } = query;
      const page = controls.journal.page(filter, limit, startingAfter);
      if (page === undefined) {
        return refusal('invalid_request', 'starting_after names no journal entry.', {
          param: 'starting_after',
        });
      }
      return ok(page);
    },
    doc: {
      description:
        'The request journal: method, path, query, the endpoint’s operationId, status, request id, ' +
        'Idempotency-Key, whether it was a replay, the fault that struck, the caller’s x-glm-client, ' +
        'headers and body. Secrets are removed: Authorization shows only the key’s mode and token id, ' +
        'card numbers only their last four digits, and webhook secrets and API keys never appear. ' +
        'The journal keeps the latest entries (10,000 by default); `dropped` counts those let go.',
      success: { description: 'One page of journal entries.' },
    },
  }),
];
