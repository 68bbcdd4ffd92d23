import { EventListQuery } from '@glm/domain/test-helpers';
import { defineOperation } from '../define-operation.ts';
import { asStored, pageOf } from '../list-page.ts';

/** One page of the mode's events, newest first, optionally of one type. */
export const listEvents = defineOperation({
  input: EventListQuery,
  rules: 'test_helpers.event.list',
  run({ engine, mode }, query) {
    const { type, limit, starting_after } = query;
    return pageOf(engine.events.page(mode, limit, starting_after, type), 'event', asStored);
  },
});
