import { parseApiKey } from '@glm/domain';

/**
 * What might hold a secret: an API key (`glm_test_…`, `glm_live_…`), a webhook secret (`whsec_…`), or a
 * run of 12 or more digits (a card number, spaces, dashes or an encoded space between its digits
 * allowed). Text without
 * any of them is kept as it is, at the cost of one scan.
 */
const SUSPECT = /glm_|whsec_|\d(?:(?:[ +-]|%20)?\d){11}/;
const API_KEY = /glm_(test|live)_([A-Za-z0-9]{0,16})[A-Za-z0-9]*(?:\.[A-Za-z0-9_-]*)?/g;
const WEBHOOK_SECRET = /whsec_[A-Za-z0-9_+/=-]*/g;
const DIGIT_RUN = /\d(?:(?:[ +-]|%20)?\d){11,}/g;
const HIDDEN = '[redacted]';

/** A run of digits shown by its last four only: `************4242`. */
const lastFour = (run: string): string => {
  const digits = run.replace(/\D/g, '');
  return `${'*'.repeat(digits.length - 4)}${digits.slice(-4)}`;
};

/**
 * Text with its secrets removed: an API key shows its mode and token id only
 * (`glm_test_<token id>.[redacted]`), a webhook secret shows its prefix only, and a card number (any run
 * of 12 or more digits) its last four digits.
 */
export function redactText(text: string): string {
  if (!SUSPECT.test(text)) return text;
  return text
    .replace(API_KEY, (_key, mode: string, id: string) => `glm_${mode}_${id}.${HIDDEN}`)
    .replace(WEBHOOK_SECRET, `whsec_${HIDDEN}`)
    .replace(DIGIT_RUN, lastFour);
}

/** Headers whose whole value is a credential: never kept. */
const SECRET_HEADERS: ReadonlySet<string> = new Set([
  'cookie',
  'set-cookie',
  'proxy-authorization',
  'x-api-key',
  'x-dashboard-token',
]);

// The last `Authorization` value and what the journal keeps of it: a client sends the same one call after call.
let lastAuthorization = '';
let lastRedacted = HIDDEN;

/** An `Authorization` value as the journal keeps it: the key's mode and token id, never its secret. */
function redactAuthorization(value: string): string {
  if (value === lastAuthorization) return lastRedacted;
  lastRedacted = readAuthorization(value);
  lastAuthorization = value;
  return lastRedacted;
}

function readAuthorization(value: string): string {
  const match = /^Bearer\s+(\S+)$/i.exec(value.trim());
  const parsed = match?.[1] === undefined ? undefined : parseApiKey(match[1]);
  if (parsed?.ok !== true) return HIDDEN;
  return `Bearer ${parsed.value.mode} key ${parsed.value.tokenId}`;
}

/** One request header as the journal keeps it (names in lower case). */
export function redactHeader(name: string, value: string): string {
  if (name === 'authorization') return redactAuthorization(value);
  if (SECRET_HEADERS.has(name)) return HIDDEN;
  return redactText(value);
}

/** A query string (without `?`) with its secrets removed; a `token`, `key` or `secret` parameter is hidden. */
export function redactQuery(query: string): string {
  if (query === '') return query;
  const hidden = query.replace(/(^|&)((?:[^&=]*_)?(?:token|key|secret))=[^&]*/gi, `$1$2=${HIDDEN}`);
  return redactText(hidden);
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A parsed JSON body with its secrets removed (see {@link redactText}), keys included; a number of 12
 * or more digits is shown as text by its last four. `text` is the body as sent: a body whose text holds
 * nothing suspect is answered as it is, without a walk.
 */
export function redactBody(body: unknown, text: string): unknown {
  if (!SUSPECT.test(text)) return body;
  return redactValue(body);
}

function redactValue(value: unknown): unknown {
  if (typeof value === 'string') return redactText(value);
  if (typeof value === 'number') {
    const written = String(value);
    return SUSPECT.test(written) ? redactText(written) : value;
  }
  if (Array.isArray(value)) return value.map(redactValue);
  if (isPlainObject(value)) {
    const copy: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      Object.defineProperty(copy, redactText(key), {
        value: redactValue(item),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    return copy;
  }
  return value;
}
