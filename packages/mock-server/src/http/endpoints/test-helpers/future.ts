import { ok } from '@glm/domain';
import { FutureModeRequest } from '@glm/domain/test-helpers';
import { controlEndpoint } from '../../control-endpoint.ts';
import type { Endpoint } from '../../endpoint.ts';

const WHAT =
  '`fields`: the top-level object of an answer, each item of a list, each nested resource and the ' +
  '`data` of webhook events gain members the contract does not name (`future_note`, a string, and ' +
  '`future_details`, an object; `metadata` is left alone). `enums`: in answers to reads, the `status` ' +
  'of each object is `future_status`. `events`: every event is followed by a `future.rehearsal` event, ' +
  'sent to every endpoint that receives all events. The stored state is unchanged. The ' +
  '`Glm-Mock-Future` header (`fields,enums,events`, any subset) asks the same of one request.';

/** Test-helper future mode: answer the calling merchant's test-mode requests as a later API version would. */
export const futureEndpoints: readonly Endpoint[] = [
  controlEndpoint({
    operationId: 'testGetFuture',
    run: (controls) => ok(controls.future.current()),
    doc: {
      description: `${WHAT} A reset returns to the server's setting (\`glm-mock serve --future\`).`,
      success: { description: 'The changes on and off.' },
    },
  }),
  controlEndpoint({
    operationId: 'testSetFuture',
    input: FutureModeRequest,
    run: (controls, changes) => ok(controls.future.set(changes)),
    doc: {
      description: `Switches changes on (\`true\`) or off for every test-mode answer of the calling merchant; those not given stay. ${WHAT}`,
      success: { description: 'The changes on and off.' },
    },
  }),
];
