/** The part of `node:crypto` the digest uses. */
export interface NodeCryptoLike {
  /** `createHash('sha256')` of `node:crypto`. */
  createHash(algorithm: 'sha256'): { update(data: string, encoding: 'utf8'): { digest(): Uint8Array } };
}

/** A SHA-256 of a text's UTF-8 bytes. */
export type Sha256 = (text: string) => Uint8Array | Promise<Uint8Array>;

const encoder = new TextEncoder();

/**
 * SHA-256 with `node:crypto` when given (synchronous), else Web Crypto. Web Crypto's digest runs as an
 * async job on the thread pool, dear for a hash made on every request (key checks).
 */
export function sha256With(nodeCrypto: NodeCryptoLike | undefined): Sha256 {
  if (nodeCrypto !== undefined)
    return (text) => nodeCrypto.createHash('sha256').update(text, 'utf8').digest();
  return async (text) =>
    new Uint8Array(await globalThis.crypto.subtle.digest('SHA-256', encoder.encode(text)));
}

// The core never imports Node built-ins (it runs in browsers under msw): ask the platform instead.
const platformCrypto = (): NodeCryptoLike | undefined =>
  typeof globalThis.process?.getBuiltinModule === 'function'
    ? globalThis.process.getBuiltinModule('node:crypto')
    : undefined;

/** SHA-256 on this platform: `node:crypto` where `process.getBuiltinModule` exists (Node ≥ 20.16, Bun, Deno), else Web Crypto. */
export const sha256: Sha256 = sha256With(platformCrypto());
