/** The methods the document's operations use. */
type ProbeMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** What probes share during one run: this run's unique suffix and the ids earlier probes kept. */
export interface ProbeState {
  /** A short suffix that keeps this run's merchant ids apart from earlier runs. */
  readonly unique: string;
  /** Ids kept by earlier probes, by name (`product`, `order`…). */
  readonly ids: Map<string, string>;
}

/** The request a probe sends: the path under `/v2` (with its query), a JSON body, another key. */
export interface ProbeRequest {
  /** The filled path under the version prefix, query included (`/products/12?x=1`). */
  readonly path: string;
  /** A JSON body; none when absent. */
  readonly body?: unknown;
  /** A different `Authorization` key than the run's (the unauthorized probe). */
  readonly key?: string;
}

/** An id a probe keeps from its answer for later probes, and whether the run created it. */
export interface ProbeKeep {
  /** The name later probes read it by. */
  readonly as: string;
  /** Reads the id from the answer's body; nothing kept when it answers neither string nor number. */
  readonly read: (body: unknown) => unknown;
  /** The kind to print in the "created" list when this request created the object. */
  readonly created?: string;
}

/**
 * One request of the contract probe and what the document says it answers: an operation of the
 * document (method and path template), the case it tries, the expected status and, for an error,
 * the expected `error.code`.
 */
export interface Probe {
  /** The HTTP method. */
  readonly method: ProbeMethod;
  /** The document's path template (`/products/{id}`), under the `/v2` server. */
  readonly path: string;
  /** What this probe tries, in a few words (`a missing id`). */
  readonly case: string;
  /** The status the document and the contract expect. */
  readonly status: number;
  /** For an error, the `error.code` the contract expects. */
  readonly code?: string;
  /** The request to send, or why it is skipped (a string) when an earlier probe did not give what it needs. */
  readonly request: (state: ProbeState) => ProbeRequest | string;
  /** Ids to keep from a success. */
  readonly keep?: readonly ProbeKeep[];
  /** A list answer: check `has_more` and `next_cursor` by reading the next page. */
  readonly paginated?: boolean;
  /** Runs only with the test helpers, though its own path is not one (it prepares a test-helper probe). */
  readonly withTestHelpers?: boolean;
}

/** Whether a path belongs to the mock's own test helpers (absent from a real service). */
export const isTestHelperPath = (path: string): boolean => path.startsWith('/test_helpers/');
