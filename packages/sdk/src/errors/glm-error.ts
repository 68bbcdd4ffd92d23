/** Marks every error of this package, so guards still recognise it from another copy or realm. */
const LINEAGE = Symbol.for('@glm/sdk.error-lineage');

type ErrorClass = { readonly errorName: string };

function lineageOf(target: unknown): string[] {
  const names: string[] = [];
  let current: unknown = target;
  while (typeof current === 'function' && 'errorName' in current) {
    const name = (current as ErrorClass).errorName;
    if (names.at(-1) !== name) names.push(name);
    current = Object.getPrototypeOf(current);
  }
  return names;
}

/** Options every {@link GlmError} accepts. */
export interface GlmErrorOptions {
  /** The underlying error, when this one wraps another. */
  readonly cause?: unknown;
  /** The `Idempotency-Key` the failed call sent, so the caller can retry it safely. */
  readonly idempotencyKey?: string | undefined;
  /** How many requests the failed call sent (0 when it was refused before sending any). */
  readonly attempts?: number | undefined;
}

/**
 * The base of every error this SDK throws. `instanceof` works across realms and across duplicate
 * copies of the package (ESM and CJS side by side): each error carries the names of its class chain
 * under a registered symbol, and every class checks that list.
 */
export class GlmError extends Error {
  /** The class name recorded in the lineage of every instance (stable under minification). */
  static readonly errorName: string = 'GlmError';

  /** The `Idempotency-Key` of the call that failed, when it had one. */
  readonly idempotencyKey: string | undefined;
  /**
   * How many requests the failed call sent: 1 when its first attempt failed for good, more after retries,
   * 0 when the call was refused before sending any (a malformed option, a signal already aborted).
   * Every error a call rejects with has it; it is undefined only on an error that is not about a call (the
   * client's constructor refusing its options, an error you build yourself).
   */
  readonly attempts: number | undefined;

  /** Creates an error with a message that never contains a secret. */
  constructor(message: string, options: GlmErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    const lineage = lineageOf(new.target);
    this.name = lineage[0] ?? 'GlmError';
    this.idempotencyKey = options.idempotencyKey;
    this.attempts = options.attempts;
    Object.defineProperty(this, LINEAGE, { value: lineage, enumerable: false });
  }

  /**
   * What `JSON.stringify(error)` writes, for structured loggers: `name`, `message` and every field the
   * error class adds (`status`, `code`, `requestId`, `idempotencyKey`, …), but not the response
   * headers nor the `cause`. Nothing here holds the API key: messages never contain it.
   */
  toJSON(): Record<string, unknown> {
    const json: Record<string, unknown> = { name: this.name, message: this.message };
    for (const [field, value] of Object.entries(this)) {
      if (!/^(headers|cause|stack|name)$/.test(field) && typeof value !== 'function') json[field] = value;
    }
    return json;
  }

  /** True for an instance of this class or a subclass, from any copy of the package. */
  static override [Symbol.hasInstance](value: unknown): boolean {
    // `this` is the class on the right of `instanceof`: the check is polymorphic on purpose.
    // biome-ignore lint/complexity/noThisInStatic: see above
    if (Function.prototype[Symbol.hasInstance].call(this, value)) return true;
    // A primitive, null or undefined has no lineage.
    const lineage: unknown = (value as { [LINEAGE]?: unknown } | null | undefined)?.[LINEAGE];
    // biome-ignore lint/complexity/noThisInStatic: the class on the right of `instanceof`
    return Array.isArray(lineage) && lineage.includes(this.errorName);
  }
}
