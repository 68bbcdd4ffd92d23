import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { indexPhrases } from './phrase-index.ts';
import { findPhrase, tokenize } from './phrase-match.ts';
import { eligibilityRules } from './rules-data.ts';

/** What the classifier did before the index: every phrase compared at every position of the name. */
const findEach = (phrases: readonly { words: readonly string[] }[], words: readonly string[]) =>
  phrases.flatMap((phrase) => findPhrase(words, phrase.words).map((span) => ({ phrase, span })));

const rulePhrases = [
  ...Object.values(eligibilityRules.categories).flat(),
  ...Object.values(eligibilityRules.modifiers).filter(Array.isArray).flat(),
].filter((text): text is string => typeof text === 'string');
const ruleWords = [...new Set(rulePhrases.flatMap(tokenize))];

// Words a name may hold: rule words, their plurals and singulars, short words and unrelated ones.
const word = fc.oneof(
  fc.constantFrom(...ruleWords),
  fc.constantFrom(...ruleWords).map((w) => `${w}s`),
  fc.constantFrom(...ruleWords).map((w) => `${w}es`),
  fc.constantFrom(...ruleWords).map((w) => (w.endsWith('y') ? `${w.slice(0, -1)}ies` : w.slice(0, -1))),
  fc.constantFrom('rx', 'otc', 'spf', 'ct', '50', 'candy', 'dress', 'glass', 'glasses'),
  fc.stringMatching(/^[a-z0-9]{1,8}$/),
);
const phraseOf = (words: readonly string[]) => ({ words });

describe('indexPhrases', () => {
  it('finds what findPhrase finds phrase by phrase, in the same order, for the bundled rules', () => {
    const phrases = rulePhrases.map((text) => phraseOf(tokenize(text)));
    const index = indexPhrases(phrases);
    fc.assert(
      fc.property(fc.array(word, { maxLength: 12 }), (words) => {
        expect(index.find(words)).toEqual(findEach(phrases, words));
      }),
      { numRuns: 2000 },
    );
  });

  it('finds what findPhrase finds for any phrase list, repeated and empty phrases included', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(word, { maxLength: 3 }).map(phraseOf), { maxLength: 12 }),
        fc.array(word, { maxLength: 10 }),
        (phrases, words) => {
          expect(indexPhrases(phrases).find(words)).toEqual(findEach(phrases, words));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('answers the phrase objects it was given, with whole-word spans that tolerate plurals', () => {
    const tampon = phraseOf(['tampon']);
    const readingGlasses = phraseOf(['reading', 'glasses']);
    const hits = indexPhrases([tampon, readingGlasses]).find(
      tokenize('Reading Glass, Tampons & more tampons'),
    );
    expect(hits).toEqual([
      { phrase: tampon, span: { start: 2, end: 3 } },
      { phrase: tampon, span: { start: 4, end: 5 } },
      { phrase: readingGlasses, span: { start: 0, end: 2 } },
    ]);
    expect(hits[0]?.phrase).toBe(tampon);
  });
});
