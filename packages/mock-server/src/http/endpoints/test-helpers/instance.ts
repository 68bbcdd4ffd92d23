import { ok } from '@glm/domain';
import { SnapshotLoadRequest } from '@glm/domain/test-helpers';
import { controlEndpoint } from '../../control-endpoint.ts';
import type { Endpoint } from '../../endpoint.ts';

/** Test-helper control of the whole instance: reset it, read its state as a snapshot, load one. */
export const instanceEndpoints: readonly Endpoint[] = [
  controlEndpoint({
    operationId: 'testReset',
    run: (controls) => ok(controls.reset()),
    doc: {
      description:
        'Objects, events, webhook endpoints and deliveries, idempotency records, the clock, fault rules ' +
        'and the request journal go back to what the server started with (its seed or snapshot, and the ' +
        'fault rules it was started with). API keys are kept: every key that worked before works after.',
      success: { description: 'The reset, and the clock after it.' },
    },
  }),
  controlEndpoint({
    operationId: 'testGetSnapshot',
    run: (controls) => ok(controls.snapshot()),
    doc: {
      description:
        'Every object, event, webhook endpoint and delivery, idempotency record and the clock, as plain ' +
        'JSON that `POST /v2/test_helpers/snapshot` and `glm-mock serve --snapshot FILE` load.',
      success: { description: 'The snapshot.' },
    },
  }),
  controlEndpoint({
    operationId: 'testLoadSnapshot',
    input: SnapshotLoadRequest,
    run: (controls, snapshot) => controls.loadSnapshot(snapshot),
    doc: {
      description:
        'The state becomes the snapshot’s; API keys are kept (the snapshot’s are added), as are fault ' +
        'rules and the journal. A snapshot of another format version is `422 validation_error` naming ' +
        'both versions, and changes nothing. A reset still returns to what the server started with.',
      success: { description: 'The snapshot loaded, and the clock.' },
    },
  }),
];
