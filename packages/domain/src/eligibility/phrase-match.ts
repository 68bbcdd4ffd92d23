/** A run of words in a tokenized name: `start` inclusive, `end` exclusive. */
export interface TokenSpan {
  readonly start: number;
  readonly end: number;
}

/**
 * Splits a product name or a rule phrase into comparable words: lower-case, accents dropped, apostrophes
 * removed (`women's` → `womens`), and every other character that is not a letter or a digit (hyphens
 * included) read as a space. Names and phrases go through the same function, so they compare alike.
 */
export function tokenize(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/['’]/g, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0);
}

// The forms a word may have in the singular: itself, and what is left once a plural ending is taken off.
// Two words match when they share a form, so `tampons` meets `tampon`, `syringes` meets `syringe`,
// `lenses` meets `lens` and `batteries` meets `battery`. Short words (`rx`, `otc`, `gas`) are kept whole.
export function singularForms(word: string): readonly string[] {
  if (word.length < 4 || !word.endsWith('s') || word.endsWith('ss')) return [word];
  const forms = [word, word.slice(0, -1)];
  if (word.endsWith('es')) forms.push(word.slice(0, -2));
  if (word.endsWith('ies')) forms.push(`${word.slice(0, -3)}y`);
  return forms;
}

/** Whether two words are the same word, allowing one of them to be a plural of the other. */
export function sameWord(a: string, b: string): boolean {
  return a === b || shareForm(singularForms(a), singularForms(b));
}

/** Whether two words, given by their {@link singularForms}, share a form (so are the same word). */
export function shareForm(a: readonly string[], b: readonly string[]): boolean {
  return a.some((form) => b.includes(form));
}

/** Whether two spans share at least one word. */
export function spansOverlap(a: TokenSpan, b: TokenSpan): boolean {
  return a.start < b.end && b.start < a.end;
}
