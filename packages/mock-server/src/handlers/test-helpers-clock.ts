import { ClockAdvanceRequest } from '@glm/domain/test-helpers';
import { success } from '../http/answer.ts';
import { parseBody } from '../http/parse.ts';
import type { RouteDefinition } from '../http/route.ts';

/** Test-helper clock routes: read the clock, move it forward and run what falls due. */
export const clockRoutes: readonly RouteDefinition[] = [
  {
    method: 'GET',
    path: '/test_helpers/clock',
    testOnly: true,
    handle: ({ engine }) => success(200, { now: engine.nowIso() }),
  },
  {
    method: 'POST',
    path: '/test_helpers/clock/advance',
    testOnly: true,
    handle({ engine, body }) {
      const parsed = parseBody(ClockAdvanceRequest, body, 'test_helpers.clock.advance');
      if (!parsed.ok) return parsed.answer;
      engine.advance(parsed.value.seconds * 1000);
      return success(200, { now: engine.nowIso() });
    },
  },
];
