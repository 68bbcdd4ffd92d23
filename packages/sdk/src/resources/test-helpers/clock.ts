import type { ClockAdvanceRequest, ClockSetRequest, ClockState } from '@glm/domain/test-helpers';
import type { z } from 'zod';
import type { APIPromise } from '../../api-promise.ts';
import type { RequestOptions } from '../../request-options.ts';
import { TestResource } from './test-resource.ts';

/** The body of {@link TestClock.advance}. */
export type ClockAdvanceParams = z.input<typeof ClockAdvanceRequest>;

/** The body of {@link TestClock.set}. */
export type ClockSetParams = z.input<typeof ClockSetRequest>;

/** The service's virtual clock: advance it to make timed work fall due. */
export class TestClock extends TestResource {
  /** The clock's current time. */
  get(options?: RequestOptions): APIPromise<ClockState> {
    return this.send('GET /v2/test_helpers/clock', 'ClockState', options);
  }

  /** Moves the clock forward; everything due by then happens, in time order. */
  advance(params: ClockAdvanceParams, options?: RequestOptions): APIPromise<ClockState> {
    return this.send('POST /v2/test_helpers/clock/advance', 'ClockState', options, params);
  }

  /**
   * Moves the clock to an instant (not earlier than the clock); everything due by then happens, in time
   * order.
   */
  set(params: ClockSetParams, options?: RequestOptions): APIPromise<ClockState> {
    return this.send('POST /v2/test_helpers/clock/set', 'ClockState', options, params);
  }
}
