import type { Hooks } from '../../hooks.ts';
import type { Logger } from '../../logging.ts';

/** Everything the transport needs, resolved once by the client. */
export interface TransportConfig {
  readonly apiKey: string;
  readonly baseUrl: string;
  readonly fetch: typeof globalThis.fetch | undefined;
  /** The headers every call sends (`clientHeaders`: accept, identity, the client's own, the key). */
  readonly headers: Readonly<Record<string, string>>;
  readonly maxRetries: number;
  readonly timeout: number;
  readonly deadline: number | undefined;
  readonly maxRetryAfter: number;
  readonly autoIdempotencyKeys: boolean;
  readonly logger: Logger;
  /** True when `logger` keeps debug lines; when false, a call builds none of their details. */
  readonly logDebug: boolean;
  readonly random: () => number;
  /** The client's hooks; a call without hooks here or of its own pays nothing for them. */
  readonly hooks: Hooks | undefined;
}
