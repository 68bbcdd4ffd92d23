// Numbers that product names carry and the eligibility rules read: the sun protection factor and the
// pressure of compression wear. Both read tokenized names (see `tokenize` in phrase-match.ts).

const wholeNumber = /^\d+$/;

function numberAt(words: readonly string[], index: number): number | null {
  const word = words[index];
  return word !== undefined && wholeNumber.test(word) ? Number(word) : null;
}

/**
 * The sun protection factor a name states (`SPF 30`, `SPF-50+`, `spf15`, `30 SPF`), or `null` when it
 * states none. The number after `spf` is preferred to the one before it.
 */
export function extractSpf(words: readonly string[]): number | null {
  for (const [index, word] of words.entries()) {
    const glued = /^spf(\d+)$/.exec(word);
    if (glued?.[1] !== undefined) return Number(glued[1]);
    if (word === 'spf') {
      const value = numberAt(words, index + 1) ?? numberAt(words, index - 1);
      if (value !== null) return value;
    }
  }
  return null;
}

/**
 * The pressure in mmHg a name states (`30-40 mmHg`, `20 to 30 mm Hg`, `15mmHg`), or `null` when it
 * states none. For a range the lower bound counts: a garment is only as medical as its weakest grade.
 */
export function extractMmHg(words: readonly string[]): number | null {
  for (const [index, word] of words.entries()) {
    const glued = /^(\d+)mmhg$/.exec(word);
    const isUnit = word === 'mmhg' || (word === 'mm' && words[index + 1] === 'hg');
    if (glued?.[1] === undefined && !isUnit) continue;
    const values = glued?.[1] === undefined ? [] : [Number(glued[1])];
    for (let before = index - 1; before >= 0; before -= 1) {
      const value = numberAt(words, before);
      if (value !== null) values.push(value);
      else if (words[before] !== 'to') break;
    }
    if (values.length > 0) return Math.min(...values);
  }
  return null;
}
