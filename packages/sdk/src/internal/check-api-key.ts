import { API_KEY_PATTERN } from '@glm/domain/api-key';
import type { KeyMode } from '../client-options.ts';
import { GlmError } from '../errors/glm-error.ts';

/**
 * Checks a key's form with the domain's pattern of a key and returns its mode. Every refusal says what a
 * key looks like and never repeats any part of the value, so the message is safe to log. (The domain's
 * parser, which names the one part that is wrong, is not bundled: the pattern weighs a fraction of it.)
 */
export function checkApiKey(key: string | undefined): KeyMode {
  if (key === undefined || key === '') throw new GlmError('No API key: pass `apiKey` or set GLM_API_KEY.');
  const mode = API_KEY_PATTERN.exec(key)?.[1];
  if (mode !== undefined) return mode as KeyMode;
  throw new GlmError(
    key.startsWith('whsec_')
      ? 'The API key is malformed: it is a webhook secret (whsec_…).'
      : 'The API key is malformed: a key is glm_test_ or glm_live_, then a token id, "." and a secret (base62), with no whitespace.',
  );
}
