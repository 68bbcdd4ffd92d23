import { shareForm, singularForms, type TokenSpan } from './phrase-match.ts';

/** A phrase of a rule list, tokenized (see `tokenize`). */
export interface IndexedPhrase {
  readonly words: readonly string[];
}

/** One occurrence of a phrase in a name. */
interface PhraseHit<P extends IndexedPhrase> {
  readonly phrase: P;
  readonly span: TokenSpan;
}

/** A rule list compiled for finding all of its phrases in a name in one pass over the name's words. */
export interface PhraseIndex<P extends IndexedPhrase> {
  /** The phrases, in list order. */
  readonly phrases: readonly P[];
  /**
   * Every occurrence of every phrase in `words` as whole consecutive words (`rx` never matches inside
   * `rxbar`), plurals tolerated word by word (see `sameWord`); ordered by phrase (list order), then by
   * position. Only the phrases that can start at a word are compared there.
   */
  find(words: readonly string[]): PhraseHit<P>[];
}

/**
 * Indexes `phrases` by the singular forms of their first word, so a name's word only meets the phrases
 * that can start with it (a few of several hundred); the rest of each candidate is compared word by word
 * with the same plural tolerance as `sameWord`. An empty phrase is never found.
 */
export function indexPhrases<P extends IndexedPhrase>(phrases: readonly P[]): PhraseIndex<P> {
  const phraseForms = phrases.map((phrase) => phrase.words.map(singularForms));
  const byFirstForm = new Map<string, number[]>();
  phraseForms.forEach((forms, index) => {
    for (const form of forms[0] ?? []) {
      const starting = byFirstForm.get(form);
      if (starting === undefined) byFirstForm.set(form, [index]);
      else if (!starting.includes(index)) starting.push(index);
    }
  });
  return {
    phrases,
    find(words) {
      const wordForms = words.map(singularForms);
      const found: { readonly index: number; readonly span: TokenSpan }[] = [];
      wordForms.forEach((formsAtStart, start) => {
        const candidates = new Set<number>();
        for (const form of formsAtStart)
          for (const index of byFirstForm.get(form) ?? []) candidates.add(index);
        for (const index of candidates) {
          const forms = phraseForms[index] ?? [];
          const end = start + forms.length;
          if (end > words.length) continue;
          if (forms.every((phraseWord, offset) => shareForm(wordForms[start + offset] ?? [], phraseWord))) {
            found.push({ index, span: { start, end } });
          }
        }
      });
      found.sort((a, b) => a.index - b.index || a.span.start - b.span.start);
      return found.map(({ index, span }) => ({ phrase: phrases[index] as P, span }));
    },
  };
}
