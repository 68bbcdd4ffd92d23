import type { z } from 'zod';
import type { JsonSchema, SchemaRule } from './schema-types.ts';

// The server normalizes some strings before it checks them: it trims currency codes, names and URLs
// and upper-cases currency and country codes, so `' usd '` passes `^[A-Z]{3}$`. zod's JSON Schema
// states the checks as written, which a validating proxy would apply to the value as sent and so
// refuse what the server accepts. On the request side the checks are restated for the raw value.

type Fold = (value: string) => string;

/** What the server does to a string before checking it. */
interface Normalization {
  /** Outer whitespace is removed (`trim`, and zod's URL check, which reads the trimmed value). */
  readonly trims: boolean;
  /** The value is upper- or lower-cased. */
  readonly fold: Fold | undefined;
}

interface StringDef {
  readonly type: string;
  readonly format?: string;
  readonly checks?: readonly { readonly _zod: { readonly def: { check: string; tx?: Fold } } }[];
}

const PROBE = ' aB ';

/** How a zod string schema normalizes its value before its checks, read by running its overwrites on a probe. */
function normalizationOf(schema: z.core.$ZodType): Normalization | undefined {
  const def = schema._zod.def as StringDef;
  if (def.type !== 'string') return undefined;
  let probe = PROBE;
  for (const check of def.checks ?? []) {
    const { tx } = check._zod.def;
    if (check._zod.def.check === 'overwrite' && tx !== undefined) probe = tx(probe);
  }
  const trims = def.format === 'url' || !probe.startsWith(' ');
  const fold: Fold | undefined = probe.includes('AB')
    ? (value) => value.toUpperCase()
    : probe.includes('ab')
      ? (value) => value.toLowerCase()
      : undefined;
  return trims || fold !== undefined ? { trims, fold } : undefined;
}

const isSurrogate = (code: number): boolean => code >= 0xd800 && code <= 0xdfff;

/** Every BMP character whose fold is one character that `accepts` takes, plus those it takes itself. */
function foldedMembers(fold: Fold, accepts: (code: number) => boolean): number[] {
  const members: number[] = [];
  for (let code = 0; code <= 0xffff; code++) {
    if (isSurrogate(code)) continue;
    const folded = fold(String.fromCharCode(code));
    if (accepts(code) || (folded.length === 1 && accepts(folded.charCodeAt(0)))) members.push(code);
  }
  return members;
}

const classChar = (code: number): string =>
  /[A-Za-z0-9]/.test(String.fromCharCode(code))
    ? String.fromCharCode(code)
    : `\\u${code.toString(16).padStart(4, '0')}`;

/** A sorted list of code points as the body of a character class, in ranges. */
function classBody(codes: readonly number[]): string {
  let body = '';
  for (let index = 0; index < codes.length; ) {
    const start = codes[index] ?? 0;
    let end = start;
    while (codes[index + 1] === end + 1) {
      end++;
      index++;
    }
    index++;
    body +=
      end === start ? classChar(start) : `${classChar(start)}${end > start + 1 ? '-' : ''}${classChar(end)}`;
  }
  return body;
}

/** The length of the escape sequence at `pattern[index]` (a backslash). */
function escapeLength(pattern: string, index: number): number {
  const next = pattern[index + 1] ?? '';
  const braced = (from: number) => {
    const close = pattern.indexOf('}', from);
    return close === -1 ? 2 : close - index + 1;
  };
  if ((next === 'u' || next === 'p' || next === 'P') && pattern[index + 2] === '{') return braced(index + 2);
  if (next === 'u') return 6;
  if (next === 'x') return 4;
  if (next === 'c') return 3;
  if (next === 'k' && pattern[index + 2] === '<') return pattern.indexOf('>', index) - index + 1;
  return 2;
}

/** The code point a single-character class member stands for, or undefined for `\d`, `\p{…}` and the like. */
function literalCode(token: string): number | undefined {
  if (token.length === 1) return token.charCodeAt(0);
  if (/^\\u[0-9a-fA-F]{4}$/.test(token) || /^\\x[0-9a-fA-F]{2}$/.test(token))
    return Number.parseInt(token.slice(2), 16);
  if (/^\\[^A-Za-z0-9]$/.test(token)) return token.charCodeAt(1);
  return undefined;
}

/**
 * Rewrites the character class starting at `pattern[start]` (`[`) so that it also takes every character
 * whose fold it takes. Answers the new class and the index after the old one.
 */
function foldClass(pattern: string, start: number, fold: Fold): [string, number] {
  let index = start + 1;
  const negated = pattern[index] === '^';
  if (negated) index++;
  const ranges: [number, number][] = [];
  const kept: string[] = [];
  const token = (): string => {
    const length = pattern[index] === '\\' ? escapeLength(pattern, index) : 1;
    const text = pattern.slice(index, index + length);
    index += length;
    return text;
  };
  while (index < pattern.length && pattern[index] !== ']') {
    const first = token();
    const low = literalCode(first);
    if (pattern[index] === '-' && pattern[index + 1] !== ']' && index + 1 < pattern.length) {
      index++;
      const high = literalCode(token());
      if (low !== undefined && high !== undefined) ranges.push([low, high]);
      else return [pattern.slice(start, index), index];
    } else if (low === undefined) kept.push(first);
    else ranges.push([low, low]);
  }
  const accepts = (code: number) => ranges.some(([low, high]) => code >= low && code <= high);
  const body = classBody(foldedMembers(fold, accepts));
  return [`[${negated ? '^' : ''}${body}${kept.join('')}]`, index + 1];
}

/** A pattern that takes a value when the original takes its fold (single-character folds). */
function foldPattern(pattern: string, fold: Fold): string {
  let result = '';
  let index = 0;
  while (index < pattern.length) {
    const char = pattern[index] ?? '';
    if (char === '\\') {
      const length = escapeLength(pattern, index);
      result += pattern.slice(index, index + length);
      index += length;
    } else if (char === '[') {
      const [folded, next] = foldClass(pattern, index, fold);
      result += folded;
      index = next;
    } else if (pattern.startsWith('(?<', index) && !/^\(\?<[=!]/.test(pattern.slice(index))) {
      const close = pattern.indexOf('>', index);
      result += pattern.slice(index, close + 1);
      index = close + 1;
    } else if (/\p{L}/u.test(char)) {
      const code = char.charCodeAt(0);
      const members = foldedMembers(fold, (candidate) => candidate === code);
      result += members.length > 1 ? `[${classBody(members)}]` : char;
      index++;
    } else {
      result += char;
      index++;
    }
  }
  return result;
}

/** Whether the pattern has a `|` outside any group or class. */
function hasTopLevelAlternation(pattern: string): boolean {
  let depth = 0;
  let inClass = false;
  for (let index = 0; index < pattern.length; index++) {
    const char = pattern[index];
    if (char === '\\') index++;
    else if (inClass) inClass = char !== ']';
    else if (char === '[') inClass = true;
    else if (char === '(') depth++;
    else if (char === ')') depth--;
    else if (char === '|' && depth === 0) return true;
  }
  return false;
}

const PADDED_START = '^\\s*(?:';
const PADDED_END = ')\\s*$';

/**
 * A pattern that takes the value with outer whitespace when the original takes it trimmed: each anchor
 * also allows whitespace. `undefined` when that cannot be said (an anchored top-level alternation).
 */
function padPattern(pattern: string): string | undefined {
  if (pattern.startsWith(PADDED_START) && pattern.endsWith(PADDED_END)) return pattern;
  const anchoredStart = pattern.startsWith('^');
  const trailingBackslashes = /(\\*)\$$/.exec(pattern)?.[1]?.length;
  const anchoredEnd = trailingBackslashes !== undefined && trailingBackslashes % 2 === 0;
  if (!anchoredStart && !anchoredEnd) return pattern;
  const body = pattern.slice(anchoredStart ? 1 : 0, anchoredEnd ? -1 : undefined);
  if (hasTopLevelAlternation(body)) return undefined;
  return `${anchoredStart ? PADDED_START : '(?:'}${body}${anchoredEnd ? PADDED_END : ')'}`;
}

/** Applies `rewrite` to the schema's `pattern` and to those of its `allOf` parts; `undefined` drops one. */
function rewritePatterns(schema: JsonSchema, rewrite: (pattern: string) => string | undefined): void {
  const parts = [schema, ...(Array.isArray(schema['allOf']) ? (schema['allOf'] as JsonSchema[]) : [])];
  for (const part of parts) {
    if (typeof part['pattern'] !== 'string') continue;
    const pattern = rewrite(part['pattern']);
    if (pattern === undefined) delete part['pattern'];
    else part['pattern'] = pattern;
  }
}

/**
 * The request-side rule for strings the server normalizes: a pattern checked after a case change takes
 * every character that folds into it (`^[A-Z]{3}$` becomes `^[A-Za-z…]{3}$`), one checked after trimming
 * allows outer whitespace, and a maximum length counted after trimming moves into the description (the
 * raw value may be longer by its whitespace). The minimum length stays: trimming only shortens.
 * Its limit: a character whose case change is two characters (`ß` → `SS`) is not counted, so
 * `country: 'ß'` (read as `SS`) is accepted by the server but not by the document.
 */
export const rawInputStrings: SchemaRule = ({ zodSchema, jsonSchema }) => {
  const normalization = normalizationOf(zodSchema);
  if (normalization === undefined) return;
  const { trims, fold } = normalization;
  rewritePatterns(jsonSchema, (pattern) => {
    const folded = fold === undefined ? pattern : foldPattern(pattern, fold);
    return trims ? padPattern(folded) : folded;
  });
  const maxLength = jsonSchema['maxLength'];
  if (trims && typeof maxLength === 'number') {
    delete jsonSchema['maxLength'];
    const limit = `At most ${maxLength} characters once outer whitespace is trimmed.`;
    const given = jsonSchema['description'];
    if (typeof given !== 'string') jsonSchema['description'] = limit;
    else if (!given.includes(limit)) jsonSchema['description'] = `${given} ${limit}`;
  }
};
