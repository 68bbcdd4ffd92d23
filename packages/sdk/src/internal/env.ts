/** The process environment where one exists (Node, Bun, Deno's Node mode), typed structurally. */
export function readEnv(name: string): string | undefined {
  const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env;
  // An empty or blank value counts as unset.
  return env?.[name]?.trim() || undefined;
}
