import { EventListQuery } from '@glm/domain';
import { parseQuery } from '../http/parse.ts';
import { listEvents } from '../operations/events.ts';
import { answerParsed, type Endpoint } from './endpoint.ts';

/** Test-helper event log endpoint: the events of the caller's mode, newest first, as a paged list. */
export const eventEndpoints: readonly Endpoint[] = [
  {
    method: 'GET',
    path: '/test_helpers/events',
    testOnly: true,
    handle: (context) =>
      answerParsed(parseQuery(EventListQuery, context.query, 'test_helpers.event.list'), (query) =>
        listEvents(context, query),
      ),
    doc: {
      operationId: 'testListEvents',
      summary: 'List the events of the caller’s mode, newest first',
      tag: 'Test helpers',
      query: EventListQuery,
      validation: 'test_helpers.event.list',
      success: { status: 200, schema: 'EventList', description: 'One page of events.' },
    },
  },
];
