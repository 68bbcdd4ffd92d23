import { ok } from '@glm/domain';
import { EventListQuery } from '@glm/domain/test-helpers';
import { noSuch } from '../../core/outcome.ts';
import { defineOperation } from '../define-operation.ts';
import { idOf } from '../endpoint-doc.ts';
import { asStored, pageOf } from '../list-page.ts';

/** One page of the mode's events, newest first, optionally of one type. */
export const listEvents = defineOperation({
  endpoint: {
    operationId: 'testListEvents',
    success: { description: 'One page of events.' },
  },
  input: EventListQuery,
  rules: 'test_helpers.event.list',
  run({ engine, mode }, query) {
    const { type, limit, starting_after } = query;
    return pageOf(engine.events.page(mode, limit, starting_after, type), 'event', asStored);
  },
});

/** One event of the caller's mode by id; `404 not_found` otherwise. */
export const getEvent = defineOperation({
  endpoint: {
    operationId: 'testGetEvent',
    pathParameters: { id: idOf('event', 'evt_') },
    success: { description: 'The event, as its webhook delivers it.' },
  },
  run({ engine, mode }, _input, id) {
    const event = engine.events.get(mode, id);
    return event === undefined ? noSuch('event') : ok(event);
  },
});
