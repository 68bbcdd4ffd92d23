import fc from 'fast-check';
import { expect, test } from 'vitest';
import { sameWord, spansOverlap, tokenize } from './phrase-match.ts';

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

test('spans overlap when they share a word, not when they only touch', () => {
  expect(spansOverlap({ start: 0, end: 2 }, { start: 1, end: 3 })).toBe(true);
  expect(spansOverlap({ start: 0, end: 2 }, { start: 2, end: 3 })).toBe(false);
  expect(spansOverlap({ start: 1, end: 2 }, { start: 0, end: 4 })).toBe(true);
});
