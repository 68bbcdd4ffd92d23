import type { AnyEvent, EventOf, EventType } from '@glm/domain';
import type { EventListQuery } from '@glm/domain/test-helpers';
import type { APIPromise } from '../../api-promise.ts';
import { path } from '../../internal/path.ts';
import type { PagePromise } from '../../pagination.ts';
import type { RequestOptions } from '../../request-options.ts';
import { TestResource } from './test-resource.ts';

/** The filters and page size of {@link TestEvents.list}. */
export type EventListParams = Partial<EventListQuery>;

/** The event log of the key's mode. */
export class TestEvents extends TestResource {
  /**
   * Lists the events of one type, newest first, typed as that event:
   * `(await glm.testHelpers.events.list({ type: 'order.completed' })).data[0]?.data.amounts`.
   */
  list<T extends EventType>(
    params: EventListParams & { readonly type: T },
    options?: RequestOptions,
  ): PagePromise<EventOf<T>, string>;
  /** Lists events, newest first; unknown event types pass through as `UnknownEvent`. */
  list(params?: EventListParams, options?: RequestOptions): PagePromise<AnyEvent, string>;
  list(params: EventListParams = {}, options?: RequestOptions): PagePromise<AnyEvent, string> {
    return this.pages<AnyEvent, string>('/v2/test_helpers/events', params, 'EventList', options);
  }

  /** One event of the key's mode by id (`404 not_found` otherwise); unknown types pass through. */
  get(id: string, options?: RequestOptions): APIPromise<AnyEvent> {
    return this.send(() => path`GET /v2/test_helpers/events/${id}`, 'AnyEvent', options);
  }
}
