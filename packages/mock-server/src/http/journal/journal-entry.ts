import type { JournalEntry } from '@glm/domain/test-helpers';
import { nestsDeeperThan } from './json-depth.ts';
import { redactBody, redactHeader, redactQuery, redactText } from './redact.ts';

/** The longest request body the journal keeps, in characters; a longer one is kept as a note of its size. */
const MAX_JOURNAL_BODY_CHARS = 32_768;
/**
 * The deepest nesting of a request body the journal keeps: JSON.parse reads any depth, but writing the
 * journal's answer (and redacting the body) recurses, and a body nested thousands of levels deep would
 * overflow the call stack there, failing every later read of the journal.
 */
const MAX_JOURNAL_BODY_DEPTH = 128;

/** A request answered outside an endpoint (a hosted page, a transport refusal): what the journal knows of it. */
export interface BareRequest {
  /** The HTTP method as sent. */
  readonly method: string;
  /** The request path. */
  readonly path: string;
  /** The query string, without `?`. */
  readonly query: string;
  /** The answer's status. */
  readonly status: number;
  /** The answer's `x-request-id`. */
  readonly request_id: string;
}

/** A request answered by the API pipeline: what the journal keeps of it, before secrets are removed. */
export interface AnsweredRequest extends BareRequest {
  /** The request's own id (a replay's `request_id` is the original's). */
  readonly id: string;
  /** The endpoint's `operationId`, `null` when no endpoint answered. */
  readonly operation: string | null;
  /** Visits the request's headers, names in lower case. */
  readonly eachHeader: (visit: (name: string, value: string) => void) => void;
  /** The parsed JSON body, `undefined` when none was read. */
  readonly body: unknown;
  /** The body as sent (empty when none was read). */
  readonly bodyText: string;
  /** Whether the answer was an idempotent replay. */
  readonly replayed: boolean;
  /** The fault that struck: a rule's id, `header`, or `null`. */
  readonly fault: string | null;
  /** The answer's `Glm-Mock-Warning`, or `null`. */
  readonly warning: string | null;
  /** The answer's body, for its size. */
  readonly responseText: string;
  /** How long the answer took, in milliseconds. */
  readonly durationMs: number;
  /** When it was answered, ISO 8601 UTC. */
  readonly createdAt: string;
}

const encoder = new TextEncoder();
// Where answers are encoded to be measured: any text of at most a third of its size fits whole (a UTF-16
// unit is at most three UTF-8 bytes); a longer one is encoded on its own.
const scratch = new Uint8Array(64 * 1024);

// The last text measured: a GET of the same stored object answers the very same text, call after call.
let lastText = '';
let lastBytes = 0;

/** The size of a text in UTF-8 bytes (encoded into the scratch buffer: quicker than scanning it for ASCII). */
function utf8Length(text: string): number {
  if (text === lastText) return lastBytes;
  lastBytes =
    text.length * 3 <= scratch.length
      ? encoder.encodeInto(text, scratch).written
      : encoder.encode(text).length;
  lastText = text;
  return lastBytes;
}

/** The journal's entry of a request answered outside an endpoint: no headers, body or operation. */
export function bareEntry(request: BareRequest, createdAt: string): JournalEntry {
  return {
    id: request.request_id,
    method: request.method,
    path: redactText(request.path),
    query: redactQuery(request.query),
    operation: null,
    status: request.status,
    request_id: request.request_id,
    idempotency_key: null,
    replayed: false,
    fault: null,
    client: null,
    warning: null,
    headers: {},
    body: null,
    response_bytes: 0,
    duration_ms: 0,
    created_at: createdAt,
  };
}

/**
 * A journal entry as the journal keeps it. A request body is kept as the text sent and parsed (and its
 * secrets removed) when the entry is read: one string is cheap to keep, while the parsed body is dozens
 * of objects that a full journal would keep alive, at a cost to every request the server answers.
 */
export interface KeptEntry {
  /** The entry; while `bodyText` is kept, its `body` is a placeholder. */
  readonly entry: JournalEntry;
  /** The request body as sent, when the entry's body is its parse; `undefined` when the entry is whole. */
  readonly bodyText: string | undefined;
}

/** The entry a kept entry stands for: its body parsed from the text sent, secrets removed. */
export function readKeptEntry(kept: KeptEntry): JournalEntry {
  const { entry, bodyText } = kept;
  return bodyText === undefined ? entry : { ...entry, body: keptBody(bodyText) };
}

/** A kept body as the pipeline read it (an empty body reads as `{}`), secrets removed, or a note. */
function keptBody(text: string): unknown {
  if (nestsDeeperThan(text, MAX_JOURNAL_BODY_DEPTH)) {
    return `[a body nested more than ${MAX_JOURNAL_BODY_DEPTH} levels deep, not kept]`;
  }
  return redactBody(text === '' ? {} : JSON.parse(text), text);
}

/** What the journal says instead of a request body: `null` when none was read, a note when it is too long. */
function bodyNote(request: AnsweredRequest): string | null | undefined {
  const { body, bodyText } = request;
  if (body === undefined) return null;
  return bodyText.length > MAX_JOURNAL_BODY_CHARS
    ? `[a body of ${bodyText.length} characters, not kept]`
    : undefined;
}

/** The journal's entry of a request the API pipeline answered, secrets removed, its body kept as text. */
export function answeredEntry(request: AnsweredRequest): KeptEntry {
  const headers: Record<string, string> = {};
  let client: string | null = null;
  let idempotencyKey: string | null = null;
  request.eachHeader((name, value) => {
    if (name === '__proto__') return;
    const kept = redactHeader(name, value);
    headers[name] = kept;
    if (name === 'x-glm-client') client = kept;
    else if (name === 'idempotency-key') idempotencyKey = kept;
  });
  const note = bodyNote(request);
  const entry: JournalEntry = {
    id: request.id,
    method: request.method,
    path: redactText(request.path),
    query: redactQuery(request.query),
    operation: request.operation,
    status: request.status,
    request_id: request.request_id,
    idempotency_key: idempotencyKey,
    replayed: request.replayed,
    fault: request.fault,
    client,
    warning: request.warning,
    headers,
    body: note ?? null,
    response_bytes: utf8Length(request.responseText),
    duration_ms: request.durationMs,
    created_at: request.createdAt,
  };
  return { entry, bodyText: note === undefined ? request.bodyText : undefined };
}
