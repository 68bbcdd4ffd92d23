import { advanceClock } from '../../../operations/clock/advance.ts';
import { readClock } from '../../../operations/clock/read.ts';
import { setClock } from '../../../operations/clock/set.ts';
import { type Endpoint, endpoint } from '../../endpoint.ts';

/** Test-helper clock endpoints: read the clock, move it forward and run what falls due. */
export const clockEndpoints: readonly Endpoint[] = [
  endpoint({
    operationId: 'testGetClock',
    testOnly: true,
    operation: readClock,
    doc: {
      success: { description: 'The current time.' },
    },
  }),
  endpoint({
    operationId: 'testAdvanceClock',
    testOnly: true,
    operation: advanceClock,
    doc: {
      success: { description: 'The new time.' },
    },
  }),
  endpoint({
    operationId: 'testSetClock',
    testOnly: true,
    operation: setClock,
    doc: {
      description:
        'The instant must not be earlier than the clock (`422 validation_error` naming `now`); what falls ' +
        'due on the way happens in time order, as when advancing.',
      success: { description: 'The new time.' },
    },
  }),
];
