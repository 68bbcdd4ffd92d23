const encoder = new TextEncoder();

const toHex = (bytes: ArrayBuffer): string =>
  Array.from(new Uint8Array(bytes), (byte) => byte.toString(16).padStart(2, '0')).join('');

// Imported Web Crypto keys by secret: a service has few secrets and signs every attempt. Bounded all the same.
const keys = new Map<string, Promise<CryptoKey>>();
const MAX_CACHED_KEYS = 256;

const keyOf = (secret: string): Promise<CryptoKey> => {
  let key = keys.get(secret);
  if (key === undefined) {
    if (keys.size >= MAX_CACHED_KEYS) keys.clear();
    key = globalThis.crypto.subtle.importKey(
      'raw',
      encoder.encode(secret),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign'],
    );
    keys.set(secret, key);
  }
  return key;
};

/**
 * Signs a delivery body: answers `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`,
 * keyed with the whole secret string as UTF-8, `whsec_` prefix included. Web Crypto only, so the
 * service stays runnable wherever `fetch` is (msw in a browser included).
 */
export async function signatureHeader(
  secret: string,
  timestampSeconds: number,
  body: string,
): Promise<string> {
  const payload = `${timestampSeconds}.${body}`;
  const mac = await globalThis.crypto.subtle.sign('HMAC', await keyOf(secret), encoder.encode(payload));
  return `t=${timestampSeconds},v1=${toHex(mac)}`;
}
