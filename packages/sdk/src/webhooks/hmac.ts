const encoder = new TextEncoder();

/** Encodes a string as UTF-8 bytes. */
export function utf8(text: string): Uint8Array<ArrayBuffer> {
  return encoder.encode(text);
}

/** HMAC-SHA256 of `data` under `key` with Web Crypto (`globalThis.crypto.subtle`): Node ≥ 20, Bun, Deno, Workers. */
export async function hmacSha256(
  key: Uint8Array<ArrayBuffer>,
  data: Uint8Array<ArrayBuffer>,
): Promise<Uint8Array<ArrayBuffer>> {
  const subtle = globalThis.crypto.subtle;
  const cryptoKey = await subtle.importKey('raw', key, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return new Uint8Array(await subtle.sign('HMAC', cryptoKey, data));
}

/** The payload signed by the service: the bytes of `"<t>."` followed by the raw body bytes. */
export function signedPayload(timestamp: number, body: Uint8Array): Uint8Array<ArrayBuffer> {
  const prefix = utf8(`${timestamp}.`);
  const payload = new Uint8Array(prefix.length + body.length);
  payload.set(prefix, 0);
  payload.set(body, prefix.length);
  return payload;
}

/** Lower-case hex of some bytes. */
export function toHex(bytes: Uint8Array): string {
  let hex = '';
  for (const byte of bytes) hex += byte.toString(16).padStart(2, '0');
  return hex;
}

/** Decodes hex (either case) that the caller has already checked matches `/^([0-9a-f]{2})*$/i`. */
export function fromHex(hex: string): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(hex.length / 2);
  for (let index = 0; index < bytes.length; index++) {
    bytes[index] = Number.parseInt(hex.slice(index * 2, index * 2 + 2), 16);
  }
  return bytes;
}
