import { ClockState } from '@glm/domain/test-helpers';
import { advanceClock } from '../../../operations/clock/advance.ts';
import { readClock } from '../../../operations/clock/read.ts';
import { type Endpoint, endpoint } from '../../endpoint.ts';

/** Test-helper clock endpoints: read the clock, move it forward and run what falls due. */
export const clockEndpoints: readonly Endpoint[] = [
  endpoint({
    method: 'GET',
    path: '/test_helpers/clock',
    testOnly: true,
    operation: readClock,
    doc: {
      operationId: 'testGetClock',
      summary: "Read the server's clock",
      tag: 'Test helpers',
      success: { status: 200, schema: ClockState, description: 'The current time.' },
    },
  }),
  endpoint({
    method: 'POST',
    path: '/test_helpers/clock/advance',
    testOnly: true,
    operation: advanceClock,
    doc: {
      operationId: 'testAdvanceClock',
      summary: 'Move the clock forward and run everything that falls due',
      tag: 'Test helpers',
      success: { status: 200, schema: ClockState, description: 'The new time.' },
    },
  }),
];
