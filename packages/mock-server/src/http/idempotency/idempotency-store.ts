import type { Answer } from '../answer.ts';
import { refusalAnswer } from '../answer.ts';
import { canonicalJson } from './canonical-json.ts';

/** How long a key is kept: 24 hours. */
export const IDEMPOTENCY_RETENTION_MS = 24 * 60 * 60 * 1000;

const KEY_FORMAT = /^[\x20-\x7e]{1,255}$/;

/** What to do with a request that carries an `Idempotency-Key`. */
type IdempotencyDecision =
  | {
      readonly kind: 'proceed';
      /** Records the operation's answer and the `x-request-id` it went out with. */
      readonly complete: (answer: Answer, requestId: string) => void;
      readonly abandon: () => void;
    }
  | { readonly kind: 'answer'; readonly answer: Answer };

/** The identity of one idempotent request: its scope, key, operation and canonical body. */
interface IdempotentRequest {
  /** Merchant + mode scope. */
  readonly scope: string;
  /** The `Idempotency-Key` header value. */
  readonly key: string;
  /** Method and concrete path without the version prefix (`POST /payment-links/plink_…/cancel`). */
  readonly operation: string;
  /** The parsed JSON body. */
  readonly body: unknown;
  /** The body's text as sent (`''` when empty). Kept, and compared first, so a key's first use costs no canonical form. */
  readonly text: string;
  /** The current time, epoch milliseconds. */
  readonly now: number;
}

/** Remembered answers to idempotent requests. */
export interface IdempotencyStore {
  /** Decides whether a request runs, replays a stored answer or is refused. */
  begin(request: IdempotentRequest): IdempotencyDecision;
  /** Forgets the keys older than 24 hours at `now` (epoch ms); costs what it removes. */
  sweep(now: number): void;
  /** Forgets every key. */
  clear(): void;
  /** How many keys are kept (expired ones are forgotten as requests come in). */
  readonly size: number;
  /** The finished requests' records, oldest first, by id (`<scope>\u0000<key>`): what a snapshot keeps. */
  exportRecords(): [string, IdempotencyRecord][];
  /** Adds records from {@link IdempotencyStore.exportRecords}, oldest first. */
  restoreRecords(records: readonly (readonly [string, IdempotencyRecord])[]): void;
}

/** A finished idempotent request as kept: what it was and what it answered. */
export interface IdempotencyRecord {
  /** Method and path of the operation. */
  readonly operation: string;
  /** The first request's body text. */
  readonly text: string;
  /** When it was stored, epoch ms. */
  readonly storedAt: number;
  /** The answer replayed to a retry. */
  readonly answer: Answer;
  /** The `x-request-id` it went out with. */
  readonly requestId: string;
}

/** Told when a finished record is stored (`record`) or forgotten (`undefined`), by id. */
export type IdempotencyObserver = (id: string, record: IdempotencyRecord | undefined) => void;

interface Entry {
  readonly operation: string;
  /** The first request's body text; its canonical form is built only if the key is used again. */
  readonly text: string;
  readonly storedAt: number;
  answer: Answer | undefined;
  requestId: string;
}

/**
 * Creates an idempotency store; `observe` (optional) is told of every finished record kept or forgotten,
 * which is how a persistent service journals them. Same key, operation and canonical body → the original answer byte for
 * byte (status, body, `x-request-id`) with `idempotent-replayed: true`; another body or operation →
 * `400 idempotency_error`; a request still running → `409 conflict`. A 5xx or 429 answer is not kept,
 * nor a refusal of the request's shape given before the operation ran, so a corrected retry runs. Keys
 * older than 24 hours on the service clock are forgotten: swept from the store as requests come in, at a
 * cost proportional to what is swept, so memory follows the keys of the last 24 hours.
 */
export function createIdempotencyStore(observe?: IdempotencyObserver): IdempotencyStore {
  // In insertion order, which is the order of `storedAt` (the service clock never moves backwards).
  const entries = new Map<string, Entry>();
  const forget = (id: string): void => {
    const entry = entries.get(id);
    entries.delete(id);
    if (observe !== undefined && entry?.answer !== undefined) observe(id, undefined);
  };
  // Forgets the keys older than 24 hours: they are all at the front, so this costs what it removes.
  const sweep = (now: number): void => {
    for (const [id, entry] of entries) {
      if (entry.storedAt + IDEMPOTENCY_RETENTION_MS > now) return;
      forget(id);
    }
  };
  return {
    begin({ scope, key, operation, body, text, now }) {
      sweep(now);
      if (!KEY_FORMAT.test(key)) {
        return {
          kind: 'answer',
          answer: refusalAnswer(
            'idempotency_error',
            'Idempotency-Key must be 1–255 printable ASCII characters.',
            {
              param: 'Idempotency-Key',
            },
          ),
        };
      }
      const id = `${scope}\u0000${key}`;
      const existing = entries.get(id);
      if (existing !== undefined && existing.storedAt + IDEMPOTENCY_RETENTION_MS > now) {
        if (existing.operation !== operation || !sameBody(existing.text, text, body)) {
          return {
            kind: 'answer',
            answer: refusalAnswer(
              'idempotency_error',
              'This Idempotency-Key was used with another request.',
              {
                param: 'Idempotency-Key',
              },
            ),
          };
        }
        if (existing.answer === undefined) {
          return {
            kind: 'answer',
            answer: refusalAnswer(
              'conflict',
              'A request with this Idempotency-Key is still running: retry once it has finished.',
              {
                param: 'Idempotency-Key',
              },
            ),
          };
        }
        const replay = existing.answer;
        return {
          kind: 'answer',
          answer: {
            ...replay,
            headers: { ...replay.headers, 'idempotent-replayed': 'true' },
            requestId: existing.requestId,
          },
        };
      }
      const entry: Entry = { operation, text, storedAt: now, answer: undefined, requestId: '' };
      // Deleted first so the key moves to the end, keeping the map in `storedAt` order.
      forget(id);
      entries.set(id, entry);
      return {
        kind: 'proceed',
        complete(answer, requestId) {
          if (answer.status >= 500 || answer.status === 429 || answer.beforeOperation === true) {
            if (entries.get(id) === entry) entries.delete(id);
          } else {
            // A request that emptied the store (a reset, a loaded snapshot) keeps its own record.
            if (!entries.has(id)) entries.set(id, entry);
            entry.answer = answer;
            entry.requestId = requestId;
            observe?.(id, { operation, text, storedAt: now, answer, requestId });
          }
        },
        abandon() {
          if (entries.get(id) === entry) entries.delete(id);
        },
      };
    },
    sweep,
    clear() {
      entries.clear();
    },
    get size() {
      return entries.size;
    },
    exportRecords: () =>
      [...entries].flatMap(([id, { operation, text, storedAt, answer, requestId }]) =>
        answer === undefined
          ? []
          : [[id, { operation, text, storedAt, answer, requestId }] as [string, IdempotencyRecord]],
      ),
    restoreRecords(records) {
      for (const [id, record] of records) entries.set(id, { ...record });
    },
  };
}

/** Equal texts, or texts whose JSON has the same canonical form (keys in another order, other spacing). */
function sameBody(storedText: string, text: string, body: unknown): boolean {
  if (storedText === text) return true;
  const stored: unknown = storedText === '' ? {} : JSON.parse(storedText);
  return canonicalJson(stored) === canonicalJson(body);
}
