import { parseApiKey } from '@glm/domain/api-key';
import type { KeyMode } from '../client-options.ts';
import { GlmError } from '../errors/glm-error.ts';

/**
 * Checks a key's form with the domain's parser and returns its mode. Every refusal names what is
 * wrong and never repeats any part of the value, so the message is safe to log.
 */
export function checkApiKey(key: string | undefined): KeyMode {
  if (key?.startsWith('whsec_')) {
    throw new GlmError('The API key is malformed: it is a webhook secret (whsec_…).');
  }
  const parsed = parseApiKey(key);
  if (parsed.ok) return parsed.value.mode;
  if (parsed.code === 'missing_key') {
    throw new GlmError('No API key: pass `apiKey` or set GLM_API_KEY.');
  }
  throw new GlmError(`The API key is malformed (${parsed.code}): ${parsed.message}.`);
}
