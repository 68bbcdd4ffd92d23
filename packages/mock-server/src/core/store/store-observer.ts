/**
 * Told of every change to a store table: `table` names the collection (`products`, `test.orders`, …),
 * `key` the object, `value` its new version or `undefined` once deleted. How a persistent service
 * journals what a request changed without scanning the store.
 */
export type StoreObserver = (table: string, key: string, value: unknown) => void;

/**
 * A `Map` that tells `observe` of every `set` and `delete` (keys as text). Without an observer the
 * store uses plain maps, so an in-memory service pays nothing.
 */
export function observedMap<K extends string | number, V>(
  table: string,
  observe: StoreObserver | undefined,
): Map<K, V> {
  const map = new Map<K, V>();
  if (observe === undefined) return map;
  map.set = (key, value) => {
    Map.prototype.set.call(map, key, value);
    observe(table, String(key), value);
    return map;
  };
  map.delete = (key) => {
    const had = Map.prototype.delete.call(map, key);
    if (had) observe(table, String(key), undefined);
    return had;
  };
  return map;
}
