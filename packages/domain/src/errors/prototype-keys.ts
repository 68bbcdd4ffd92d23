/**
 * Object keys a request may never use: `__proto__`, `constructor` and `prototype`. `JSON.parse` keeps
 * `__proto__` as an own property, which a zod record drops without a word, and the three keys reach
 * `Object.prototype` or a constructor when code assigns them, so a request carrying one anywhere (the
 * top level, `metadata`, any nested object) is refused instead of being silently changed.
 */
export const PROTOTYPE_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * The path of the first own key of {@link PROTOTYPE_KEYS} in a parsed JSON value (depth first, in key
 * order), or `undefined` when there is none. Walks with an explicit stack, so a deeply nested value
 * cannot overflow the call stack.
 *
 * @example
 * findPrototypeKey(JSON.parse('{"metadata":{"__proto__":"x"}}')); // ['metadata', '__proto__']
 */
export function findPrototypeKey(value: unknown): readonly (string | number)[] | undefined {
  const stack: Step[] = [{ value, parent: undefined, key: '' }];
  for (let step = stack.pop(); step !== undefined; step = stack.pop()) {
    const current = step.value;
    if (typeof current !== 'object' || current === null) continue;
    const keys: (string | number)[] = Array.isArray(current) ? indexesOf(current) : Object.keys(current);
    const found = keys.find((key) => typeof key === 'string' && PROTOTYPE_KEYS.has(key));
    if (found !== undefined) return pathOf({ value: undefined, parent: step, key: found });
    // Pushed in reverse so the first key is looked at first.
    for (let i = keys.length - 1; i >= 0; i--) {
      const key = keys[i] as string | number;
      stack.push({ value: (current as Record<string | number, unknown>)[key], parent: step, key });
    }
  }
  return undefined;
}

/**
 * An array's indexes, by a plain loop: `map` would look up the array's own `constructor` (a caller may
 * have set one) for the species of its result.
 */
function indexesOf(array: readonly unknown[]): number[] {
  const indexes: number[] = [];
  for (let index = 0; index < array.length; index++) indexes.push(index);
  return indexes;
}

/** One value on the walk, linked to its parent so a path is built only when a key is found. */
interface Step {
  readonly value: unknown;
  readonly parent: Step | undefined;
  readonly key: string | number;
}

function pathOf(step: Step): (string | number)[] {
  const path: (string | number)[] = [];
  for (let at: Step | undefined = step; at?.parent !== undefined; at = at.parent) path.push(at.key);
  return path.reverse();
}
