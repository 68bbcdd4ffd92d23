/**
 * The JSON text of the objects the API answered last, by identity: a `GET` of the same stored order
 * or product call after call serializes it once (`JSON.stringify` of a five-item order was almost half
 * of the pipeline's CPU for a `GET`). Sound because stored objects are never changed in place: every
 * change stores a new object (`collection.update({ ...old, … })`), which has no text here yet. Bounded,
 * so objects replaced in the store are not kept alive for long.
 */
export interface JsonTextCache {
  /** `JSON.stringify(value)`, from the cache when `value` is an object serialized lately. */
  text(value: unknown): string;
}

/** A {@link JsonTextCache} of at most `capacity` objects; the oldest entry leaves first. */
export function createJsonTextCache(capacity = 256): JsonTextCache {
  const texts = new Map<object, string>();
  return {
    text(value) {
      if (typeof value !== 'object' || value === null) return JSON.stringify(value);
      const known = texts.get(value);
      if (known !== undefined) return known;
      const text = JSON.stringify(value);
      if (texts.size >= capacity) {
        const oldest = texts.keys().next().value;
        if (oldest !== undefined) texts.delete(oldest);
      }
      texts.set(value, text);
      return text;
    },
  };
}
