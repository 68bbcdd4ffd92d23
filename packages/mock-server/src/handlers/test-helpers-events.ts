import { EventListQuery } from '@glm/domain/test-helpers';
import { listEvents } from '../operations/events/event-operations.ts';
import { type Endpoint, endpoint } from './endpoint.ts';

/** Test-helper event log endpoint: the events of the caller's mode, newest first, as a paged list. */
export const eventEndpoints: readonly Endpoint[] = [
  endpoint({
    method: 'GET',
    path: '/test_helpers/events',
    testOnly: true,
    operation: (context, { query }) => listEvents(context, query),
    doc: {
      operationId: 'testListEvents',
      summary: 'List the events of the caller’s mode, newest first',
      tag: 'Test helpers',
      query: EventListQuery,
      validation: 'test_helpers.event.list',
      success: { status: 200, schema: 'EventList', description: 'One page of events.' },
    },
  }),
];
