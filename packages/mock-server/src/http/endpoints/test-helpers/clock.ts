import { ClockSetRequest, ClockState } from '@glm/domain/test-helpers';
import { advanceClock } from '../../../operations/clock/advance.ts';
import { readClock } from '../../../operations/clock/read.ts';
import { setClock } from '../../../operations/clock/set.ts';
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
  endpoint({
    method: 'POST',
    path: '/test_helpers/clock/set',
    testOnly: true,
    operation: setClock,
    doc: {
      operationId: 'testSetClock',
      summary: 'Move the clock to an instant and run everything that falls due',
      tag: 'Test helpers',
      body: ClockSetRequest,
      description:
        'The instant must not be earlier than the clock (`422 validation_error` naming `now`); what falls ' +
        'due on the way happens in time order, as when advancing.',
      success: { status: 200, schema: ClockState, description: 'The new time.' },
    },
  }),
];
