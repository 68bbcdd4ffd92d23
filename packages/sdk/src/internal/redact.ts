const REDACTED = '[redacted]';

/**
 * Field and header names whose values are secrets, compared without case, `-` or `_`: (proxy)
 * authorization, (x-)api key, key, (webhook or client) secret, password, (access) token, (set-)cookie,
 * (HSA) card number, number, CVC, CVV.
 */
const SECRET_NAME =
  /^(?:(?:proxy)?authorization|x?apikey|key|(?:webhook|client)?secret|password|(?:access)?token|(?:set)?cookie|(?:hsa)?cardnumber|number|cv[cv])$/;

/** An API key (`glm_test_…`, `glm_live_…`) or a webhook secret (`whsec_…`): its prefix is kept. */
const KEY_OR_SECRET = /\b(glm_(?:test|live)_|whsec_)[A-Za-z0-9]*(?:\.[A-Za-z0-9]*)?/g;
const BEARER = /\b(Bearer|Basic)\s+[^\s"',]+/gi;
/** A `token` (or `access_token`) query parameter, as in a session's `checkout_url`. */
const URL_TOKEN = /([?&](?:access_)?token=)[^&#\s"']+/gi;
const CARD_CANDIDATE = /\b\d(?:[ -]?\d){12,18}\b/g;

function isSecretName(name: string): boolean {
  return SECRET_NAME.test(name.toLowerCase().replace(/[-_]/g, ''));
}

function passesLuhn(digits: string): boolean {
  let sum = 0;
  // From the last digit: every second one doubled, its digits summed (a doubled digit is at most 18).
  [...digits].reverse().forEach((digit, index) => {
    const value = Number(digit) * (index % 2 === 1 ? 2 : 1);
    sum += value > 9 ? value - 9 : value;
  });
  return sum % 10 === 0;
}

/**
 * Masks API keys, webhook secrets, bearer tokens, the access token of a URL (a session's
 * `checkout_url`) and card numbers (keeping a card's last four) in text.
 */
export function redactText(text: string): string {
  // `$1` in a replacement is the pattern's first group: the key's prefix, the scheme, the parameter.
  return text
    .replace(KEY_OR_SECRET, `$1${REDACTED}`)
    .replace(BEARER, `$1 ${REDACTED}`)
    .replace(URL_TOKEN, `$1${REDACTED}`)
    .replace(CARD_CANDIDATE, (match) => {
      const digits = match.replace(/[ -]/g, '');
      return passesLuhn(digits) ? `${'*'.repeat(digits.length - 4)}${digits.slice(-4)}` : match;
    });
}

/**
 * A copy of `value` safe to log: secret-named fields and headers are replaced, and every string is
 * passed through {@link redactText}. Cycles are cut rather than followed.
 */
export function redact(value: unknown, seen: WeakSet<object> = new WeakSet()): unknown {
  if (typeof value === 'string') return redactText(value);
  if (typeof value !== 'object' || value === null) return value;
  if (seen.has(value)) return '[circular]';
  seen.add(value);
  if (value instanceof Headers) return redact(Object.fromEntries(value.entries()), seen);
  if (Array.isArray(value)) return value.map((item) => redact(item, seen));
  if (value instanceof Error) return redactText(`${value.name}: ${value.message}`);
  const copy: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(value)) {
    copy[name] = isSecretName(name) && field !== null && field !== undefined ? REDACTED : redact(field, seen);
  }
  return copy;
}
