import { ClockAdvanceRequest } from '@glm/domain';
import { answerOf } from '../http/outcome.ts';
import { parseBody } from '../http/parse.ts';
import { advanceClock, readClock } from '../operations/clock.ts';
import { answerParsed, type Endpoint } from './endpoint.ts';

/** Test-helper clock endpoints: read the clock, move it forward and run what falls due. */
export const clockEndpoints: readonly Endpoint[] = [
  {
    method: 'GET',
    path: '/test_helpers/clock',
    testOnly: true,
    handle: (context) => answerOf(readClock(context)),
    doc: {
      operationId: 'testGetClock',
      summary: "Read the server's clock",
      tag: 'Test helpers',
      success: { status: 200, schema: 'ClockState', description: 'The current time.' },
    },
  },
  {
    method: 'POST',
    path: '/test_helpers/clock/advance',
    testOnly: true,
    handle: (context) =>
      answerParsed(parseBody(ClockAdvanceRequest, context.body, 'test_helpers.clock.advance'), (input) =>
        advanceClock(context, input),
      ),
    doc: {
      operationId: 'testAdvanceClock',
      summary: 'Move the clock forward and run everything that falls due',
      tag: 'Test helpers',
      body: 'ClockAdvanceRequest',
      validation: 'test_helpers.clock.advance',
      success: { status: 200, schema: 'ClockState', description: 'The new time.' },
    },
  },
];
