/** A piece of the output still to write: literal text, or a value to serialize. */
type Item = { readonly text: string } | { readonly value: unknown };

/**
 * Serializes a JSON value with object keys sorted at every depth, so equal bodies compare equal.
 * Iterative (a body nested thousands of levels deep cannot overflow the stack), and every key is written
 * as it was sent, `__proto__` included, so two bodies that differ only there never compare equal.
 */
export function canonicalJson(value: unknown): string {
  const parts: string[] = [];
  const stack: Item[] = [{ value }];
  for (let item = stack.pop(); item !== undefined; item = stack.pop()) {
    if ('text' in item) {
      parts.push(item.text);
      continue;
    }
    const current = item.value;
    if (Array.isArray(current)) {
      parts.push('[');
      stack.push({ text: ']' });
      for (let i = current.length - 1; i >= 0; i--) {
        stack.push({ value: current[i] });
        if (i > 0) stack.push({ text: ',' });
      }
    } else if (current !== null && typeof current === 'object') {
      parts.push('{');
      stack.push({ text: '}' });
      const keys = Object.keys(current).sort();
      for (let i = keys.length - 1; i >= 0; i--) {
        const key = keys[i] ?? '';
        stack.push({ value: (current as Record<string, unknown>)[key] });
        stack.push({ text: `${i > 0 ? ',' : ''}${JSON.stringify(key)}:` });
      }
    } else {
      parts.push(JSON.stringify(current) ?? 'null');
    }
  }
  return parts.join('');
}
