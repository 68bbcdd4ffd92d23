/** `decodeURIComponent`, or `undefined` for a malformed escape. */
export function safeDecode(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}
