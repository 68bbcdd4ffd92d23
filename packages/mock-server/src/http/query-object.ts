/**
 * Turns a query string into an object, as an operation's input schema reads it: a repeated parameter
 * becomes an array, which schemas refuse. Every parameter becomes an own property, `?__proto__=` too
 * (an assignment would set the prototype instead), so parsing sees and refuses it.
 */
export function queryObject(query: URLSearchParams): Record<string, string | string[]> {
  const object: Record<string, string | string[]> = {};
  for (const key of new Set(query.keys())) {
    const values = query.getAll(key);
    const value = values.length === 1 ? (values[0] ?? '') : values;
    Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
  }
  return object;
}
