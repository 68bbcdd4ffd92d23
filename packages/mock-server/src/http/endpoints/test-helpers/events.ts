import { AnyEvent, EventList } from '@glm/domain';
import { getEvent, listEvents } from '../../../operations/events/read.ts';
import { type Endpoint, endpoint } from '../../endpoint.ts';
import { idOf } from '../../openapi/operation-doc.ts';

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
  endpoint({
    method: 'GET',
    path: '/test_helpers/events/:id',
    testOnly: true,
    operation: getEvent,
    doc: {
      operationId: 'testGetEvent',
      summary: 'Get one event of the caller’s mode',
      tag: 'Test helpers',
      pathParameters: { id: idOf('event', 'evt_') },
      success: { status: 200, schema: AnyEvent, description: 'The event, as its webhook delivers it.' },
      errors: ['not_found'],
    },
  }),
];
