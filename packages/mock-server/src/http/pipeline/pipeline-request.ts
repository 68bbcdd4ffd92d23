import type { FaultNetwork } from '@glm/domain/test-helpers';

/**
 * A request as the pipeline reads it. `fetchEntry` makes one from a fetch `Request`; the node adapter
 * makes one straight from `node:http`'s `IncomingMessage`, so the API does not pay for a `Request`
 * (headers, signal, body stream) on every call.
 */
export interface PipelineRequest {
  /** The HTTP method. */
  readonly method: string;
  /** The request URL's path, as `URL.pathname` reads it (normalized, percent-encoded). */
  readonly pathname: string;
  /** The request URL's query with its `?`, as `URL.search` reads it (empty when none). */
  readonly search: string;
  /** A header's value by lower-case name, `null` when absent (as `Headers.get` answers). */
  header(name: string): string | null;
  /** Calls `visit` with every header, names in lower case, repeated values joined (as `Headers.forEach` does). */
  eachHeader(visit: (name: string, value: string) => void): void;
  /**
   * The body up to `MAX_BODY_BYTES` (empty when none); `undefined` when it is larger. Rejects when the
   * body stops arriving (the client went away or ran out of time), which is answered `408`.
   */
  readBody(): Promise<Uint8Array | undefined>;
}

/** What the pipeline answers before any transport sends it: status, headers by lower-case name, JSON text. */
export interface PipelineReply {
  /** HTTP status. */
  readonly status: number;
  /** Response headers, names in lower case. */
  readonly headers: Readonly<Record<string, string>>;
  /** The JSON body text. */
  readonly body: string;
  /** What the transport does instead of sending the reply whole (a network fault). */
  readonly network?: FaultNetwork;
  /** The rate of a `slow_body` reply, in bytes a second. */
  readonly rateBytesPerSecond?: number;
}

/** The pipeline over {@link PipelineRequest}s: what `fetchEntry` wraps in fetch types. */
export type PipelineCore = (request: PipelineRequest) => Promise<PipelineReply>;
