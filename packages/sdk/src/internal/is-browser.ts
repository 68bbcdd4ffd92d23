/** True in a page or a web worker with a document-like global (not Node, Bun, Deno or Workers). */
export function isBrowser(): boolean {
  const scope = globalThis as { window?: unknown; document?: unknown; navigator?: unknown };
  return typeof scope.window !== 'undefined' && typeof scope.document !== 'undefined';
}
