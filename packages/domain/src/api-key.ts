/**
 * The API key parser alone, without the schemas: what a client needs to read a key's mode, at a
 * fraction of the weight of the whole domain (no zod); {@link API_KEY_PATTERN} is the same check in one
 * regular expression, for a client that needs only a yes or no.
 *
 * @module @glm/domain/api-key
 */

export type { ApiKeyParts, ApiKeyRefusal, ApiKeyString } from './keys/api-key.ts';
export { API_KEY_PATTERN, parseApiKey } from './keys/api-key.ts';
