import { isBase62, type RandomBytes, randomBase62 } from '../ids/base62.ts';
import { err, ok, type Result } from '../result.ts';
import type { Mode } from '../schemas/statuses.ts';

/** How many base62 characters make a key's token id. */
const API_KEY_TOKEN_ID_LENGTH = 16;

/** How many base62 characters make a key's secret. */
const API_KEY_SECRET_LENGTH = 32;

/** A well-formed API key string: `glm_test_<token_id>.<secret>` or `glm_live_<token_id>.<secret>`. */
export type ApiKeyString = `glm_${Mode}_${string}.${string}`;

/** The parts of an API key: the mode its prefix sets, the public token id and the secret. */
export type ApiKeyParts = {
  /** `test` for `glm_test_`, `live` for `glm_live_`. */
  readonly mode: Mode;
  /** 16 base62 characters that name the key; safe to log. */
  readonly tokenId: string;
  /** 32 base62 characters; never log it. */
  readonly secret: string;
};

/**
 * Why a string is not an API key. Each names a different mistake for SDK errors and logs; the server
 * answers all of them with the same `401 unauthorized`.
 */
export type ApiKeyRefusal =
  /** Not a string, or empty (an unset environment variable). */
  | 'missing_key'
  /** Contains whitespace: a trailing newline, or a `Bearer ` scheme pasted in. */
  | 'whitespace'
  /** Starts with neither `glm_test_` nor `glm_live_`. */
  | 'unknown_prefix'
  /** No `.` between the token id and the secret. */
  | 'missing_separator'
  /** The token id is not 16 base62 characters. */
  | 'invalid_token_id'
  /** The secret is not 32 base62 characters. */
  | 'invalid_secret';

const MODES: readonly Mode[] = ['test', 'live'];

/**
 * A well-formed API key, its mode captured: what {@link parseApiKey} accepts, in one test, built from the
 * same modes and lengths. For a check that needs only the mode and a yes or no (the SDK's client, where
 * size counts); {@link parseApiKey} names the part that is wrong.
 */
export const API_KEY_PATTERN: RegExp = new RegExp(
  `^glm_(${MODES.join('|')})_[0-9A-Za-z]{${API_KEY_TOKEN_ID_LENGTH}}\\.[0-9A-Za-z]{${API_KEY_SECRET_LENGTH}}$`,
);

/**
 * Splits an API key into its mode, token id and secret, or says which part is malformed. Refusal
 * messages never quote the key.
 */
export function parseApiKey(key: unknown): Result<ApiKeyParts, ApiKeyRefusal> {
  if (typeof key !== 'string' || key === '') return err('missing_key', 'No API key was given');
  if (/\s/.test(key)) {
    return err(
      'whitespace',
      'The API key contains whitespace; pass the key alone, without "Bearer " or a newline',
    );
  }
  const mode = modeOf(key);
  if (mode === undefined) return err('unknown_prefix', 'An API key starts with glm_test_ or glm_live_');
  const rest = key.slice(`glm_${mode}_`.length);
  const dot = rest.indexOf('.');
  if (dot === -1) return err('missing_separator', 'An API key has a "." between its token id and its secret');
  const tokenId = rest.slice(0, dot);
  const secret = rest.slice(dot + 1);
  if (!isBase62(tokenId, API_KEY_TOKEN_ID_LENGTH)) {
    return err(
      'invalid_token_id',
      `The token id must be ${API_KEY_TOKEN_ID_LENGTH} base62 characters (got ${tokenId.length} characters)`,
    );
  }
  if (!isBase62(secret, API_KEY_SECRET_LENGTH)) {
    return err('invalid_secret', `The secret must be ${API_KEY_SECRET_LENGTH} base62 characters`);
  }
  return ok({ mode, tokenId, secret });
}

/** Joins the parts of an API key: `glm_<mode>_<tokenId>.<secret>`. It does not check them; {@link parseApiKey} does. */
export function formatApiKey(parts: ApiKeyParts): ApiKeyString {
  return `glm_${parts.mode}_${parts.tokenId}.${parts.secret}`;
}

/**
 * A new API key for `mode`, with token id and secret drawn from `random`. The key is shown once;
 * the server keeps the token id and a hash of the secret.
 */
export function generateApiKey(
  mode: Mode,
  random: RandomBytes,
): ApiKeyParts & { readonly key: ApiKeyString } {
  const parts = {
    mode,
    tokenId: randomBase62(API_KEY_TOKEN_ID_LENGTH, random),
    secret: randomBase62(API_KEY_SECRET_LENGTH, random),
  };
  return { ...parts, key: formatApiKey(parts) };
}

const VISIBLE_TOKEN_CHARS = 4;

/**
 * A key safe to log: its prefix and the first 4 characters of its token id, `glm_test_abcd…`. The
 * secret never shows, even in a malformed key; a string without a known prefix shows as `…`.
 */
export function redactApiKey(key: string): string {
  const mode = modeOf(key);
  if (mode === undefined) return '…';
  const prefix = `glm_${mode}_`;
  const visible = /^[0-9A-Za-z]*/.exec(key.slice(prefix.length))?.[0] ?? '';
  return `${prefix}${visible.slice(0, VISIBLE_TOKEN_CHARS)}…`;
}

function modeOf(key: string): Mode | undefined {
  return MODES.find((mode) => key.startsWith(`glm_${mode}_`));
}
