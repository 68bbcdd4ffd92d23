import type { ApiError } from '../core/outcome.ts';
import type { PipelineCore } from '../http/pipeline/pipeline-request.ts';
import type { Refuse } from '../http/pipeline/reply.ts';
import type { MockService } from './mock-service.ts';

// Not exported from the package: the pipeline behind a service's API routes, for the node adapter's
// fast path (no fetch `Request`/`Response` per call). `service.handle` stays the only public entry.
const cores = new WeakMap<MockService, ApiCore>();

/** The API pipeline behind a service, and which request paths it answers without the hosted pages. */
export interface ApiCore {
  /** The pipeline of the service's API routes. */
  readonly pipeline: PipelineCore;
  /** Whether `service.handle` would hand a request for this path straight to {@link ApiCore.pipeline}. */
  readonly owns: (pathname: string) => boolean;
  /** Answers a request the transport cannot represent, with a request id and a journal entry. */
  readonly refuse: Refuse;
  /** Makes every change so far durable (with a journal); answers the refusal when it could not be. */
  readonly settle: () => Promise<ApiError | undefined>;
}

/** Records the API pipeline behind a service (called once by `createMockService`). */
export function registerApiCore(service: MockService, core: ApiCore): void {
  cores.set(service, core);
}

/** The API pipeline behind a service made by `createMockService`; `undefined` for any other service. */
export function apiCoreOf(service: MockService): ApiCore | undefined {
  return cores.get(service);
}
