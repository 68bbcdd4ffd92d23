/**
 * Writes a zod issue path in the interface's parameter notation: `line_items[0].price`,
 * `shipping_info.postal_code`. An empty path (the whole body) gives `undefined`.
 */
export function formatParamPath(path: readonly PropertyKey[]): string | undefined {
  let param = '';
  for (const segment of path) {
    if (typeof segment === 'number') param += `[${segment}]`;
    else param += param === '' ? String(segment) : `.${String(segment)}`;
  }
  return param === '' ? undefined : param;
}
