import { hmacSha256, signedPayload, toHex, utf8 } from './hmac.ts';

/** The parts of an `x-service-signature` header: `t=<unix seconds>,v1=<hex HMAC>`. */
export interface SignatureHeader {
  /** Unix seconds the service signed at. */
  readonly timestamp: number;
  /** Every `v1` signature: lower-case hex of 32 bytes. */
  readonly signatures: readonly string[];
}

const timestampPattern = /^\d{1,15}$/;
// Lower-case only, as the service sends it: every byte of the header is significant, none is normalized.
const v1Pattern = /^[0-9a-f]{64}$/;

/**
 * Parses `t=<unix>,v1=<hex>[,v1=<hex>…]`. Unknown schemes are skipped (so a future `v2` does not break
 * receivers); a missing or repeated `t`, a bad `v1` or a part without `=` makes the header malformed.
 */
export function parseSignatureHeader(header: string): SignatureHeader | undefined {
  let timestamp: number | undefined;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const separator = part.indexOf('=');
    if (separator <= 0) return undefined;
    const key = part.slice(0, separator).trim();
    const value = part.slice(separator + 1).trim();
    if (key === 't') {
      if (timestamp !== undefined || !timestampPattern.test(value)) return undefined;
      timestamp = Number(value);
    } else if (key === 'v1') {
      if (!v1Pattern.test(value)) return undefined;
      signatures.push(value);
    }
  }
  if (timestamp === undefined || signatures.length === 0) return undefined;
  return { timestamp, signatures };
}

/**
 * Computes the `x-service-signature` value the service sends for a body: HMAC-SHA256 keyed by the
 * whole secret string (prefix included) over `"<t>.<raw body>"`.
 */
export async function signPayload(body: Uint8Array, secret: string, timestamp: number): Promise<string> {
  const digest = await hmacSha256(utf8(secret), signedPayload(timestamp, body));
  return `t=${timestamp},v1=${toHex(digest)}`;
}
