import { EventListQuery } from '@glm/domain/test-helpers';
import { parseQuery } from '../http/parse.ts';
import type { RouteDefinition } from '../http/route.ts';
import { pageAnswer } from './list-answer.ts';

/** Test-helper event log route: the events of the caller's mode, newest first, as a paged list. */
export const eventRoutes: readonly RouteDefinition[] = [
  {
    method: 'GET',
    path: '/test_helpers/events',
    testOnly: true,
    handle({ engine, query, mode }) {
      const parsed = parseQuery(EventListQuery, query, 'test_helpers.event.list');
      if (!parsed.ok) return parsed.answer;
      const { type, limit, starting_after } = parsed.value;
      return pageAnswer(engine.events.page(mode, limit, starting_after, type), 'event');
    },
  },
];
