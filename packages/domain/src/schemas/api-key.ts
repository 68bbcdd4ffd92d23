import { z } from 'zod';
import { Timestamp } from './primitives.ts';
import { Mode } from './statuses.ts';

/**
 * An API key record. `key` (the full `glm_<mode>_<token_id>.<secret>`) is present only in the
 * creation answer; `mode` is open.
 */
export const ApiKey = z.object({
  id: z.string(),
  name: z.string(),
  mode: Mode,
  key: z.string().optional(),
  created_at: Timestamp,
  revoked_at: Timestamp.nullish(),
});
/** An API key record. */
export type ApiKey = z.infer<typeof ApiKey>;

/** An API key as answered at creation: the only time the key value is shown. */
export const ApiKeyWithKey = ApiKey.extend({ key: z.string() });
/** An API key as answered at creation. */
export type ApiKeyWithKey = z.infer<typeof ApiKeyWithKey>;
