import fc from 'fast-check';
import { expect, test } from 'vitest';
import { findPhrase, sameWord, spansOverlap, tokenize } from './phrase-match.ts';

test('tokenize lower-cases, drops apostrophes and accents, and reads hyphens and punctuation as spaces', () => {
  expect(tokenize("Women's Non-Prescription  Crème, 2.5% (12 ct)")).toEqual([
    'womens',
    'non',
    'prescription',
    'creme',
    '2',
    '5',
    '12',
    'ct',
  ]);
});

test('a word and its plural are the same word, short words and different words are not', () => {
  expect(sameWord('tampons', 'tampon')).toBe(true);
  expect(sameWord('syringe', 'syringes')).toBe(true);
  expect(sameWord('lenses', 'lens')).toBe(true);
  expect(sameWord('glasses', 'glass')).toBe(true);
  expect(sameWord('batteries', 'battery')).toBe(true);
  expect(sameWord('cases', 'case')).toBe(true);
  expect(sameWord('rx', 'r')).toBe(false);
  expect(sameWord('dress', 'dres')).toBe(false);
  expect(sameWord('cane', 'canes')).toBe(true);
  expect(sameWord('cane', 'candy')).toBe(false);
});

test('sameWord is symmetric', () => {
  fc.assert(
    fc.property(fc.stringMatching(/^[a-z]{1,8}$/), fc.constantFrom('', 's', 'es', 'ies'), (stem, ending) => {
      const word = `${stem}${ending}`;
      expect(sameWord(stem, word)).toBe(sameWord(word, stem));
    }),
  );
});

test('a phrase matches whole consecutive words only', () => {
  const words = tokenize('RXBAR Rx Only bar, rx');
  expect(findPhrase(words, ['rx'])).toEqual([
    { start: 1, end: 2 },
    { start: 4, end: 5 },
  ]);
  expect(findPhrase(words, ['rx', 'only'])).toEqual([{ start: 1, end: 3 }]);
  expect(findPhrase(words, ['only', 'rx'])).toEqual([]);
  expect(findPhrase(words, [])).toEqual([]);
});

test('a phrase is found wherever it is inserted into other words', () => {
  const word = fc.stringMatching(/^[a-z]{5,8}$/).filter((w) => !w.endsWith('s'));
  fc.assert(
    fc.property(fc.array(word, { maxLength: 5 }), fc.array(word, { maxLength: 5 }), (before, after) => {
      const words = [...before, 'insulin', 'syringes', ...after];
      expect(findPhrase(words, ['insulin', 'syringe'])).toContainEqual({
        start: before.length,
        end: before.length + 2,
      });
    }),
  );
});

test('spans overlap when they share a word, not when they only touch', () => {
  expect(spansOverlap({ start: 0, end: 2 }, { start: 1, end: 3 })).toBe(true);
  expect(spansOverlap({ start: 0, end: 2 }, { start: 2, end: 3 })).toBe(false);
  expect(spansOverlap({ start: 1, end: 2 }, { start: 0, end: 4 })).toBe(true);
});
