import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { indexPhrases } from './phrase-index.ts';
import { sameWord, type TokenSpan, tokenize } from './phrase-match.ts';
import { eligibilityRules } from './rules-data.ts';

/** The model: every phrase compared word by word at every position of the name (the search before the index). */
function findPhrase(words: readonly string[], phrase: readonly string[]): TokenSpan[] {
  const spans: TokenSpan[] = [];
  if (phrase.length === 0) return spans;
  for (let start = 0; start + phrase.length <= words.length; start += 1) {
    if (phrase.every((word, offset) => sameWord(words[start + offset] ?? '', word))) {
      spans.push({ start, end: start + phrase.length });
    }
  }
  return spans;
}
const findEach = (phrases: readonly { words: readonly string[] }[], words: readonly string[]) =>
  phrases.flatMap((phrase) => findPhrase(words, phrase.words).map((span) => ({ phrase, span })));
/** Where one phrase occurs, through the index. */
const spansOf = (words: readonly string[], phrase: readonly string[]) =>
  indexPhrases([{ words: phrase }])
    .find(words)
    .map((hit) => hit.span);

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
  it('a phrase matches whole consecutive words only', () => {
    const words = tokenize('RXBAR Rx Only bar, rx');
    expect(spansOf(words, ['rx'])).toEqual([
      { start: 1, end: 2 },
      { start: 4, end: 5 },
    ]);
    expect(spansOf(words, ['rx', 'only'])).toEqual([{ start: 1, end: 3 }]);
    expect(spansOf(words, ['only', 'rx'])).toEqual([]);
    expect(spansOf(words, [])).toEqual([]);
  });

  it('a phrase is found wherever it is inserted into other words', () => {
    const word = fc.stringMatching(/^[a-z]{5,8}$/).filter((w) => !w.endsWith('s'));
    fc.assert(
      fc.property(fc.array(word, { maxLength: 5 }), fc.array(word, { maxLength: 5 }), (before, after) => {
        const words = [...before, 'insulin', 'syringes', ...after];
        expect(spansOf(words, ['insulin', 'syringe'])).toContainEqual({
          start: before.length,
          end: before.length + 2,
        });
      }),
    );
  });

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
