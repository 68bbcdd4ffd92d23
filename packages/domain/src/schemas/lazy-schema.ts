import { z } from 'zod';

/** The traps a stand-in passes on unchanged to the built schema. */
const FORWARDED = ['set', 'deleteProperty', 'defineProperty', 'ownKeys', 'getPrototypeOf'] as const;

/**
 * A schema built when first used instead of at import: the returned object stands for what `build`
 * returns, with its type, its methods (bound to the built schema, so a call costs one property read
 * more), `instanceof` and its metadata. The stand-in keeps one identity from import on, so a registry
 * or a containing schema that holds it refers to the same object before and after the build.
 *
 * For the large schemas nothing else in the domain builds on at import (the event union, request
 * bodies, list pages): importing the domain then costs less, and the first parse or description pays
 * the build once. The built schema must be an object, union, array or record: zod describes a wrapper
 * (optional, nullable, default, pipe, …) in JSON Schema by its own identity, which a stand-in does not
 * have (the OpenAPI document's tests fail on one).
 */
export function lazySchema<S extends z.core.$ZodType>(build: () => S): S {
  // The stand-in's own target: empty, and given each fixed property the built schema reports, which
  // a proxy must mirror on its target to report it.
  const target = {} as S;
  const schema = memoized(() => {
    const built = build();
    // Metadata is held by identity (`.describe`, `.meta`): the stand-in carries the built schema's.
    const meta = z.globalRegistry.get(built);
    if (meta) z.globalRegistry.add(standIn, meta);
    return built;
  });
  const handler: ProxyHandler<S> = {
    get: (_, key) => schema()[key as keyof S],
    // Every stand-in is a zod schema: saying so does not need the build (`'_zod' in value` is how code
    // that takes any export tells schemas from the rest without building them).
    has: (_, key) => key === '_zod' || key in schema(),
    getOwnPropertyDescriptor: (_, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(schema(), key);
      if (descriptor && !descriptor.configurable) Reflect.defineProperty(target, key, descriptor);
      return descriptor;
    },
  };
  for (const trap of FORWARDED) {
    // Each forwarded trap is Reflect's function of the same name, on the built schema.
    (handler as Record<string, unknown>)[trap] = (_: S, ...rest: unknown[]) =>
      (Reflect[trap] as (...args: unknown[]) => unknown)(schema(), ...rest);
  }
  const standIn = new Proxy(target, handler);
  return standIn;
}

/** `build`'s value, built by the first call and answered by every later one. */
export function memoized<T>(build: () => T): () => T {
  let value: T | undefined;
  return () => {
    value ??= build();
    return value;
  };
}
