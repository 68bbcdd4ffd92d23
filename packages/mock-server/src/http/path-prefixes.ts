/** Version prefixes the API answers under; the longer one first. */
export const PATH_PREFIXES = ['/api/v2', '/v2'] as const;

/** Strips a version prefix; answers `undefined` when the path carries neither. */
export function stripPrefix(pathname: string): string | undefined {
  for (const prefix of PATH_PREFIXES) {
    if (pathname.startsWith(`${prefix}/`)) return pathname.slice(prefix.length);
  }
  return undefined;
}
