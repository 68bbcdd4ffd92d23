import type { Mode } from '@glm/domain';
import type { RequestFuture } from '../future/future-answer-step.ts';
import type { RouteDefinition } from '../route.ts';
import type { PipelineParts } from './pipeline-parts.ts';
import type { PipelineRequest } from './pipeline-request.ts';

/**
 * One request on its way through the pipeline: what it works with, the request, its id, and what the
 * steps learn of it (the route, the fault, the body) and add to the reply (headers). Each step reads
 * and writes this one object; the journal entry and the reply are made from it at the end.
 */
export class RequestContext {
  /** What the pipeline works with. */
  readonly parts: PipelineParts;
  /** The request being answered. */
  readonly request: PipelineRequest;
  /** The request's own `x-request-id`. */
  readonly requestId: string;
  /** Response headers the steps add (`allow`, the rate-limit headers, `retry-after`). */
  readonly headers: Record<string, string> = {};
  /** The endpoint that answered, once routing found one. */
  route: RouteDefinition | undefined = undefined;
  /** The fault that struck: a rule's id, `header`, or `null`. */
  fault: string | null = null;
  /** The parsed JSON body, once read. */
  body: unknown = undefined;
  /** The body's text, once read. */
  bodyText = '';
  /** The future mode the request gets (API requests of a known key only). */
  future: RequestFuture | undefined = undefined;

  /**
   * @param parts - What the pipeline works with.
   * @param request - The request being answered.
   * @param requestId - The request's own `x-request-id`.
   */
  constructor(parts: PipelineParts, request: PipelineRequest, requestId: string) {
    this.parts = parts;
    this.request = request;
    this.requestId = requestId;
  }
}

/** A request whose route was found and whose key was accepted: what the steps after authentication read. */
export interface Admitted {
  /** The endpoint. */
  readonly route: RouteDefinition;
  /** Its path parameters by name. */
  readonly params: Readonly<Record<string, string>>;
  /** The request path after the version prefix. */
  readonly path: string;
  /** The mode of the key that authenticated the request. */
  readonly mode: Mode;
  /** The id of that key's record (its rate-limit bucket). */
  readonly keyId: string;
}
