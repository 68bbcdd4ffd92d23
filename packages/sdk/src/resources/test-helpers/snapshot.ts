import type { MockSnapshot, SnapshotLoaded } from '@glm/domain/test-helpers';
import type { APIPromise } from '../../api-promise.ts';
import type { RequestOptions } from '../../request-options.ts';
import { TestResource } from './test-resource.ts';

/** The reference server's whole state as a versioned snapshot: read it, load it back. */
export class TestSnapshot extends TestResource {
  /** The whole state (objects, events, webhook endpoints and deliveries, idempotency records, the clock). */
  get(options?: RequestOptions): APIPromise<MockSnapshot> {
    return this.send('GET /v2/test_helpers/snapshot', 'MockSnapshot', options);
  }

  /**
   * Replaces the whole state with a snapshot `get` answered (keys, fault rules and the journal stay). A
   * snapshot of another format version is refused, naming both versions, and changes nothing.
   */
  load(snapshot: MockSnapshot, options?: RequestOptions): APIPromise<SnapshotLoaded> {
    return this.send('POST /v2/test_helpers/snapshot', 'SnapshotLoaded', options, snapshot);
  }
}
