/**
 * The raw body of a webhook delivery: the exact bytes the service signed, as a string, bytes or a Fetch
 * `Request` whose body has not been read yet. A parsed object cannot be verified.
 */
export type WebhookBody = string | Uint8Array | ArrayBuffer | Request;

/** A Fetch `Request` (also from another realm or polyfill): what `readRawBody` can read bytes from. */
export function isRequestLike(value: unknown): value is Request {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as { readonly arrayBuffer?: unknown; readonly headers?: unknown };
  return typeof candidate.arrayBuffer === 'function' && typeof candidate.headers === 'object';
}

/**
 * Turns a raw body into bytes without re-encoding them (a string is UTF-8 encoded, as it was on the
 * wire). Answers `undefined` for anything else (a parsed object, `null`, a `Request` already read).
 */
export async function readRawBody(body: unknown): Promise<Uint8Array | undefined> {
  if (typeof body === 'string') return new TextEncoder().encode(body);
  if (ArrayBuffer.isView(body)) return new Uint8Array(body.buffer, body.byteOffset, body.byteLength);
  if (isArrayBuffer(body)) return new Uint8Array(body);
  if (isRequestLike(body)) {
    if (body.bodyUsed) return undefined;
    try {
      return new Uint8Array(await body.arrayBuffer());
    } catch {
      return undefined;
    }
  }
  return undefined;
}

// `instanceof ArrayBuffer` fails for buffers from another realm (a vm context, an iframe, some test DOMs).
function isArrayBuffer(value: unknown): value is ArrayBuffer {
  return Object.prototype.toString.call(value) === '[object ArrayBuffer]';
}
