import { z } from 'zod';

/** The kinds of schema a stand-in may be: their JSON Schema does not depend on the schema's identity. */
const STANDS_IN_FOR: ReadonlySet<string> = new Set(['object', 'union', 'array', 'record']);

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
 * have, so building one throws.
 */
export function lazySchema<S extends z.core.$ZodType>(build: () => S): S {
  let built: S | undefined;
  // The stand-in's own target: empty, and given each fixed property the built schema reports, which
  // a proxy must mirror on its target to report it.
  const target = {} as S;
  const schema = (): S => {
    if (built === undefined) {
      built = build();
      if (!STANDS_IN_FOR.has(built._zod.def.type))
        throw new TypeError(`A ${built._zod.def.type} schema cannot be built lazily: build it at import.`);
      // Metadata is held by identity (`.describe`, `.meta`): the stand-in carries the built schema's.
      const meta = z.globalRegistry.get(built);
      if (meta !== undefined) z.globalRegistry.add(standIn, meta);
    }
    return built;
  };
  const standIn: S = new Proxy(target, {
    get: (_, key) => (built ?? schema())[key as keyof S],
    set: (_, key, value) => Reflect.set(schema(), key, value),
    // Every stand-in is a zod schema: saying so does not need the build (`'_zod' in value` is how code
    // that takes any export tells schemas from the rest without building them).
    has: (_, key) => key === '_zod' || Reflect.has(schema(), key),
    deleteProperty: (_, key) => Reflect.deleteProperty(schema(), key),
    defineProperty: (_, key, descriptor) => Reflect.defineProperty(schema(), key, descriptor),
    ownKeys: () => Reflect.ownKeys(schema()),
    getOwnPropertyDescriptor: (_, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(schema(), key);
      if (descriptor !== undefined && !descriptor.configurable)
        Reflect.defineProperty(target, key, descriptor);
      return descriptor;
    },
    getPrototypeOf: () => Reflect.getPrototypeOf(schema()),
  });
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
