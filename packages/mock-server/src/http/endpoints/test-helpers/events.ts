import { getEvent, listEvents } from '../../../operations/events/read.ts';
import { type Endpoint, endpoint } from '../../endpoint.ts';
import { idOf } from '../../openapi/operation-doc.ts';

/** Test-helper event log endpoint: the events of the caller's mode, newest first, as a paged list. */
export const eventEndpoints: readonly Endpoint[] = [
  endpoint({
    operationId: 'testListEvents',
    testOnly: true,
    operation: listEvents,
    doc: {
      success: { description: 'One page of events.' },
    },
  }),
  endpoint({
    operationId: 'testGetEvent',
    testOnly: true,
    operation: getEvent,
    doc: {
      pathParameters: { id: idOf('event', 'evt_') },
      success: { description: 'The event, as its webhook delivers it.' },
    },
  }),
];
