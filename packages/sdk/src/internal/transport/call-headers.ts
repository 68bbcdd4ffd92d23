import { identityHeaders } from './client-identity.ts';
import type { TransportConfig } from './transport-config.ts';

// The headers every call of a configuration sends (accept, who the client is, the client's headers, the
// key), built once per configuration; a call with its own headers, key or idempotency key copies them.
const baseHeaders = new WeakMap<TransportConfig, Readonly<Record<string, string>>>();

function baseOf(config: TransportConfig): Readonly<Record<string, string>> {
  let base = baseHeaders.get(config);
  if (base === undefined) {
    base = {
      accept: 'application/json',
      ...identityHeaders(),
      ...config.headers,
      authorization: `Bearer ${config.apiKey}`,
    };
    baseHeaders.set(config, base);
  }
  return base;
}

/**
 * The headers of one call: the configuration's, then the call's own (`extra`), the key (the call's, else
 * the client's) and the idempotency key last, so neither can be overridden by a header of the same name.
 */
export function headersFor(
  config: TransportConfig,
  extra: Readonly<Record<string, string>> | undefined,
  apiKey: string | undefined,
  idempotencyKey: string | undefined,
): Record<string, string> {
  const base = baseOf(config);
  if (extra === undefined && apiKey === undefined && idempotencyKey === undefined) {
    return base as Record<string, string>;
  }
  const headers: Record<string, string> = {
    ...base,
    ...extra,
    authorization: `Bearer ${apiKey ?? config.apiKey}`,
  };
  if (idempotencyKey !== undefined) headers['idempotency-key'] = idempotencyKey;
  return headers;
}
