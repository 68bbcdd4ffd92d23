import type { ApiError } from '../core/outcome.ts';
import type { PipelineCore } from '../http/pipeline/pipeline-request.ts';
import type { Refuse } from '../http/pipeline/reply.ts';

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
