import { EventList } from '@glm/domain';
import { listEvents } from '../../../operations/events/read.ts';
import { type Endpoint, endpoint } from '../../endpoint.ts';

/** Test-helper event log endpoint: the events of the caller's mode, newest first, as a paged list. */
export const eventEndpoints: readonly Endpoint[] = [
  endpoint({
    method: 'GET',
    path: '/test_helpers/events',
    testOnly: true,
    operation: listEvents,
    doc: {
      operationId: 'testListEvents',
      summary: 'List the events of the caller’s mode, newest first',
      tag: 'Test helpers',
      success: { status: 200, schema: EventList, description: 'One page of events.' },
    },
  }),
];
