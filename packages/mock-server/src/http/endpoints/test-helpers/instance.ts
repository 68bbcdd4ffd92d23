import { ok } from '@glm/domain';
import { MockSnapshot, ResetResult, SnapshotLoaded, SnapshotLoadRequest } from '@glm/domain/test-helpers';
import { controlEndpoint } from '../../control-endpoint.ts';
import type { Endpoint } from '../../endpoint.ts';

/** Test-helper control of the whole instance: reset it, read its state as a snapshot, load one. */
export const instanceEndpoints: readonly Endpoint[] = [
  controlEndpoint({
    method: 'POST',
    path: '/test_helpers/reset',
    run: (controls) => ok(controls.reset()),
    doc: {
      operationId: 'testReset',
      summary: 'Reset the server to what it started with',
      tag: 'Test helpers',
      description:
        'Objects, events, webhook endpoints and deliveries, idempotency records, the clock, fault rules ' +
        'and the request journal go back to what the server started with (its seed or snapshot, and the ' +
        'fault rules it was started with). API keys are kept: every key that worked before works after.',
      success: { status: 200, schema: ResetResult, description: 'The reset, and the clock after it.' },
    },
  }),
  controlEndpoint({
    method: 'GET',
    path: '/test_helpers/snapshot',
    run: (controls) => ok(controls.snapshot()),
    doc: {
      operationId: 'testGetSnapshot',
      summary: 'Read the whole state as a versioned snapshot',
      tag: 'Test helpers',
      description:
        'Every object, event, webhook endpoint and delivery, idempotency record and the clock, as plain ' +
        'JSON that `POST /v2/test_helpers/snapshot` and `glm-mock serve --snapshot FILE` load.',
      success: { status: 200, schema: MockSnapshot, description: 'The snapshot.' },
    },
  }),
  controlEndpoint({
    method: 'POST',
    path: '/test_helpers/snapshot',
    input: SnapshotLoadRequest,
    rules: 'test_helpers.snapshot.load',
    run: (controls, snapshot) => controls.loadSnapshot(snapshot),
    doc: {
      operationId: 'testLoadSnapshot',
      summary: 'Replace the whole state with a snapshot',
      tag: 'Test helpers',
      description:
        'The state becomes the snapshot’s; API keys are kept (the snapshot’s are added), as are fault ' +
        'rules and the journal. A snapshot of another format version is `422 validation_error` naming ' +
        'both versions, and changes nothing. A reset still returns to what the server started with.',
      success: { status: 200, schema: SnapshotLoaded, description: 'The snapshot loaded, and the clock.' },
    },
  }),
];
