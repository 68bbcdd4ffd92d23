/**
 * The threshold of `--fail-under`: a percentage from 0 to 100, written `80`, `80%` or `87.5`;
 * `undefined` for anything else (the caller refuses it).
 */
export function parseFailUnder(text: string): number | undefined {
  const match = /^(\d{1,3}(?:\.\d+)?)%?$/.exec(text.trim());
  if (match === null) return undefined;
  const percent = Number(match[1]);
  return percent >= 0 && percent <= 100 ? percent : undefined;
}

/** The share of operations used, as a percentage (100 when there is nothing to use). */
export function percentOf(share: { readonly used: number; readonly total: number }): number {
  return share.total === 0 ? 100 : (share.used / share.total) * 100;
}
