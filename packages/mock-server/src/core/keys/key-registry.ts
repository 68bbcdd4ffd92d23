import type { Mode } from '@glm/domain';
import { constantTimeEqual } from './constant-time-equal.ts';
import { sha256 } from './sha256.ts';

/** The parts of a well-formed API key. */
export interface ParsedApiKey {
  /** Mode set by the prefix. */
  readonly mode: Mode;
  /** The public token id. */
  readonly tokenId: string;
  /** The secret part. */
  readonly secret: string;
}

/** A registered key as the dashboard lists it; the secret itself is never kept, only its hash. */
export interface ApiKeyRecord {
  /** Key record id (the token id). */
  readonly id: string;
  /** Name given at creation. */
  readonly name: string;
  /** Mode of the key. */
  readonly mode: Mode;
  /** Creation time, ISO 8601. */
  readonly created_at: string;
  /** Revocation time, ISO 8601, once revoked. */
  readonly revoked_at: string | null;
}

/** A key as a snapshot keeps it: the record and the SHA-256 of its secret, hex (never the secret). */
export interface StoredApiKey {
  /** The key record. */
  readonly record: ApiKeyRecord;
  /** SHA-256 of the secret, lower-case hex. */
  readonly hash: string;
}

/** Who a request is: the mode and key record of a valid key. */
export interface Principal {
  /** Mode of the key. */
  readonly mode: Mode;
  /** Id of the key record. */
  readonly keyId: string;
}

/** The merchant's API keys: hashes of secrets, constant-time comparison, immediate revocation. */
export interface KeyRegistry {
  /** Registers a key; answers its record, or `undefined` when it is malformed or its token id is taken. */
  register(key: string, name: string, createdAt: string): ApiKeyRecord | undefined;
  /** Revokes a key by id; answers the updated record, or `undefined` for an unknown id. */
  revoke(id: string, at: string): ApiKeyRecord | undefined;
  /**
   * Identifies the caller of an `Authorization` header value; `undefined` for every bad key alike. Answers
   * at once when the hashes it compares are known (a client sends the same key request after request),
   * else a promise (a secret not seen before, hashed with Web Crypto).
   */
  authenticate(authorization: string | null): Principal | undefined | Promise<Principal | undefined>;
  /** Whether a key of this token id was registered here (revoked or not). */
  knows(tokenId: string): boolean;
  /** Every key record, newest first. */
  list(): ApiKeyRecord[];
  /** Forgets every key. */
  clear(): void;
  /** Every key with its secret's hash, oldest first (a hash still being computed is left out). */
  exportKeys(): StoredApiKey[];
  /** Registers keys from {@link KeyRegistry.exportKeys}, after the ones already there. */
  restoreKeys(keys: readonly StoredApiKey[]): void;
}

interface Stored {
  record: ApiKeyRecord;
  hash: Uint8Array | Promise<Uint8Array>;
}

// Each hash's text is made once: a persistent service reads the keys for every journal batch.
const hexes = new WeakMap<Uint8Array, string>();
const hexOf = (bytes: Uint8Array): string => {
  let hex = hexes.get(bytes);
  if (hex === undefined) {
    hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
    hexes.set(bytes, hex);
  }
  return hex;
};
const fromHex = (hex: string): Uint8Array =>
  Uint8Array.from(hex.match(/../g) ?? [], (pair) => Number.parseInt(pair, 16));

const DECOY = sha256('glm-mock decoy secret');

/** An `Authorization` value as presented, the key read from it, and its secret's hash. */
interface Presented {
  readonly authorization: string | null;
  readonly parsed: ParsedApiKey | undefined;
  hash: Uint8Array | Promise<Uint8Array>;
}

/** The caller a presented key names, when its secret's hash matched (`same`) and the key is live and of its mode. */
function principalOf(
  parsed: ParsedApiKey | undefined,
  stored: Stored | undefined,
  same: boolean,
): Principal | undefined {
  if (parsed === undefined || stored === undefined || !same) return undefined;
  if (stored.record.revoked_at !== null || stored.record.mode !== parsed.mode) return undefined;
  return { mode: stored.record.mode, keyId: stored.record.id };
}

/** Creates an empty registry that reads keys with `parse` (the domain's key format). */
export function createKeyRegistry(parse: (key: string) => ParsedApiKey | undefined): KeyRegistry {
  const keys = new Map<string, Stored>();
  // The last `Authorization` value presented, read: a client sends the same header call after call.
  let lastPresented: Presented | undefined;
  return {
    register(key, name, createdAt) {
      const parsed = parse(key);
      if (parsed === undefined || keys.has(parsed.tokenId)) return undefined;
      const record: ApiKeyRecord = {
        id: parsed.tokenId,
        name,
        mode: parsed.mode,
        created_at: createdAt,
        revoked_at: null,
      };
      const stored: Stored = { record, hash: sha256(parsed.secret) };
      if (stored.hash instanceof Promise) {
        void stored.hash.then((hash) => {
          stored.hash = hash;
        });
      }
      keys.set(parsed.tokenId, stored);
      return record;
    },
    revoke(id, at) {
      const stored = keys.get(id);
      if (stored === undefined) return undefined;
      if (stored.record.revoked_at === null) stored.record = { ...stored.record, revoked_at: at };
      return stored.record;
    },
    authenticate(authorization) {
      let presented = lastPresented;
      if (presented === undefined || presented.authorization !== authorization) {
        const match = /^Bearer ([^\s]+)$/.exec(authorization?.trim() ?? '');
        const parsed = match?.[1] === undefined ? undefined : parse(match[1]);
        presented = { authorization, parsed, hash: sha256(parsed?.secret ?? '') };
        lastPresented = presented;
      }
      const { parsed } = presented;
      const stored = parsed === undefined ? undefined : keys.get(parsed.tokenId);
      // Hash and compare even for unknown keys so every refusal costs the same. The hash of the last
      // presented secret is kept (a client sends the same key request after request), and a hash already
      // computed is not awaited again. The comparison still runs every time.
      const expected = stored?.hash ?? DECOY;
      const { hash } = presented;
      if (hash instanceof Uint8Array && expected instanceof Uint8Array) {
        return principalOf(parsed, stored, constantTimeEqual(hash, expected));
      }
      const held = presented;
      return Promise.all([hash, expected]).then(([known, wanted]) => {
        held.hash = known;
        return principalOf(parsed, stored, constantTimeEqual(known, wanted));
      });
    },
    knows: (tokenId) => keys.has(tokenId),
    list: () => [...keys.values()].map((stored) => stored.record).reverse(),
    clear() {
      keys.clear();
    },
    exportKeys: () =>
      [...keys.values()].flatMap(({ record, hash }) =>
        hash instanceof Uint8Array ? [{ record, hash: hexOf(hash) }] : [],
      ),
    restoreKeys(stored) {
      for (const { record, hash } of stored) keys.set(record.id, { record, hash: fromHex(hash) });
    },
  };
}
