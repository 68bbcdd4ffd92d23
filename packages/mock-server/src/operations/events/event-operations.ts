import type { EventListQuery } from '@glm/domain/test-helpers';
import type { ServiceEvent } from '../../core/events/event-log.ts';
import type { Outcome } from '../../core/outcome.ts';
import type { Page } from '../../core/store/ordered-collection.ts';
import { asStored, pageOf } from '../list-page.ts';
import type { OperationContext } from '../operation-context.ts';

/** One page of the mode's events, newest first, optionally of one type. */
export function listEvents(
  { engine, mode }: OperationContext,
  query: EventListQuery,
): Outcome<Page<ServiceEvent, string>> {
  const { type, limit, starting_after } = query;
  return pageOf(engine.events.page(mode, limit, starting_after, type), 'event', asStored);
}
