const UNIT_MS = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;
const PART = /(\d+)(ms|s|m|h|d)/gy;

/**
 * Converts a duration to milliseconds: a number is taken as milliseconds, a string is one or more
 * `<integer><unit>` parts with units `ms`, `s`, `m`, `h`, `d` (`"24h"`, `"1h30m"`, `"2d"`).
 * Answers `undefined` for anything else, including negative or unsafe values.
 */
export function parseDuration(value: number | string): number | undefined {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value >= 0 ? value : undefined;
  const text = value.trim();
  if (text === '') return undefined;
  PART.lastIndex = 0;
  let total = 0;
  let consumed = 0;
  for (let match = PART.exec(text); match !== null; match = PART.exec(text)) {
    const [whole, amount, unit] = match;
    total += Number(amount) * UNIT_MS[unit as keyof typeof UNIT_MS];
    consumed += whole.length;
  }
  return consumed === text.length && Number.isSafeInteger(total) ? total : undefined;
}
