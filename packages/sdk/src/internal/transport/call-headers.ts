import { identityHeaders } from './client-identity.ts';
import type { TransportConfig } from './transport-config.ts';

/**
 * The headers every call of a client sends, built once with the client: accept, who the client is, the
 * client's own headers, then its key.
 */
export const clientHeaders = (
  apiKey: string,
  headers: Readonly<Record<string, string>> | undefined,
): Readonly<Record<string, string>> => ({
  accept: 'application/json',
  ...identityHeaders(),
  ...headers,
  authorization: `Bearer ${apiKey}`,
});

/**
 * The headers of one call: the client's, then the call's own (`extra`), the key (the call's, else the
 * client's) and the idempotency key last, so neither can be overridden by a header of the same name. A
 * call with none of these sends the client's headers as they are.
 */
export function headersFor(
  config: TransportConfig,
  extra: Readonly<Record<string, string>> | undefined,
  apiKey: string | undefined,
  idempotencyKey: string | undefined,
): Readonly<Record<string, string>> {
  if (extra === undefined && apiKey === undefined && idempotencyKey === undefined) return config.headers;
  const headers: Record<string, string> = {
    ...config.headers,
    ...extra,
    authorization: `Bearer ${apiKey ?? config.apiKey}`,
  };
  if (idempotencyKey !== undefined) headers['idempotency-key'] = idempotencyKey;
  return headers;
}
