import type { EventLog, ServiceEvent } from '../core/events/event-log.ts';
import type { MockService, WaitForEventOptions } from './mock-service.ts';

/**
 * `service.waitForEvent` over an event log: the first event of `type` that `predicate` accepts, one
 * already emitted or the next; rejects after `timeoutMs` (5 s by default) of real time.
 */
export function waitForEventIn(events: EventLog): MockService['waitForEvent'] {
  return ((
    type: string,
    predicate: (event: ServiceEvent) => boolean = () => true,
    { timeoutMs = 5000, mode = 'test' }: WaitForEventOptions = {},
  ): Promise<ServiceEvent> => {
    const matches = (event: ServiceEvent): boolean => event.type === type && predicate(event);
    const existing = events.list({ mode, type }).find(matches);
    if (existing !== undefined) return Promise.resolve(existing);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        unsubscribe();
        reject(new Error(`No ${type} event within ${timeoutMs} ms.`));
      }, timeoutMs);
      const unsubscribe = events.subscribe((event, eventMode) => {
        if (eventMode !== mode || !matches(event)) return;
        clearTimeout(timer);
        unsubscribe();
        resolve(event);
      });
    });
  }) as MockService['waitForEvent'];
}
