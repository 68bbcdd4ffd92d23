/**
 * The API key parser alone, without the schemas: what a client needs to read a key's mode, at a
 * fraction of the weight of the whole domain (no zod).
 *
 * @module @glm/domain/api-key
 */

export type { ApiKeyParts, ApiKeyRefusal, ApiKeyString } from './keys/api-key.ts';
export { parseApiKey } from './keys/api-key.ts';
