import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { classifyProductName } from './classifier.ts';
import type { EligibilityRules } from './rules.ts';
import { eligibilityRules } from './rules-data.ts';
import { labelledCases } from './test-support/labelled-cases.ts';

const typeOf = (name: string) => classifyProductName(name).eligibility_type ?? 'not_eligible';

const labelledResults = labelledCases.map((labelled) => ({ ...labelled, actual: typeOf(labelled.name) }));
const correct = labelledResults.filter((result) => result.actual === result.expected_type).length;
const accuracy = correct / labelledResults.length;

describe('labelled names from eligibility.json', () => {
  test.each(labelledResults)('classifies $name as $expected_type', (result) => {
    expect(result.actual).toBe(result.expected_type);
    expect(classifyProductName(result.name).hsa_fsa_eligible).toBe(result.expected_eligible);
  });

  test(`classifies the labelled names with ${(accuracy * 100).toFixed(1)}% accuracy (${correct}/${labelledResults.length}), at least 95%`, () => {
    // The default reporter prints no passing test names, so the figure goes to the run's output itself
    // (stdout, not console: a console call in a test throws by design).
    process.stdout.write(
      `eligibility classifier: ${correct}/${labelledResults.length} labelled names (${(accuracy * 100).toFixed(1)}%), minimum 95%\n`,
    );
    expect(labelledResults.length).toBeGreaterThan(0);
    expect(
      accuracy,
      `misclassified: ${labelledResults
        .filter((r) => r.actual !== r.expected_type)
        .map((r) => r.name)
        .join(', ')}`,
    ).toBeGreaterThanOrEqual(0.95);
  });
});

// Names that are not in eligibility.json: the rules must generalize beyond the labelled cases.
const generalization = [
  ['Hydrocortisone Cream 1%', 'auto_substantiation'],
  ['Bamboo Toothbrush 4 pack', 'not_eligible'],
  ['Sunscreen Lotion SPF 50', 'auto_substantiation'],
  ['Lip Balm SPF 8', 'not_eligible'],
  ['Lip Balm SPF 30', 'auto_substantiation'],
  ['Prescription Reading Glasses', 'vision'],
  ['Vitamin D3 Gummies', 'dual_purpose'],
  ['Rx Only Amoxicillin 500mg', 'rx'],
  ['OTC Allergy Relief Nasal Spray', 'auto_substantiation'],
  ['Rx Sunglasses Polarized', 'vision'],
  ['Non-Prescription Reading Glasses +2.00', 'vision'],
  ['Blue Light Glasses', 'not_eligible'],
  ['Costume Eyeglasses with Fake Lenses', 'not_eligible'],
  ['Non-Medical Cloth Face Mask', 'not_eligible'],
  ['Daily Moisturizer SPF 30', 'auto_substantiation'],
  ['Mineral Sunscreen SPF 10', 'not_eligible'],
  ['Tinted Moisturizer SPF 40', 'not_eligible'],
  ['Matte Foundation SPF15', 'not_eligible'],
  ['Graduated Compression Socks 30-40 mmHg', 'auto_substantiation'],
  ['Compression Socks 15-20 mmHg', 'dual_purpose'],
  ['Medical Compression Stockings 20-30 mmHg', 'dual_purpose'],
  ['Compression Stockings 30 to 40 mm Hg', 'auto_substantiation'],
  ['Hearing Aid Batteries Size 312', 'auto_substantiation'],
  ['Adhesive Bandages, Assorted Sizes', 'auto_substantiation'],
  ['Maxi Pads Overnight', 'auto_substantiation'],
  ['Candy Thermometer', 'not_eligible'],
  ['Atorvastatin 20 mg Tablets', 'rx'],
  ['Nonprescription Naproxen Sodium', 'auto_substantiation'],
  ['Fish Oil Omega-3 Softgels', 'dual_purpose'],
  ['Whey Protein Powder', 'not_eligible'],
  ['Electric Toothbrush Heads 3 ct', 'not_eligible'],
  ['Prescription Strength Hydrocortisone', 'auto_substantiation'],
  ['Acne Treatment Benzoyl Peroxide Wash', 'auto_substantiation'],
  ['Garden Hose 50 ft', 'not_eligible'],
] as const;

test.each(generalization)('generalizes: classifies "%s" as %s', (name, expected) => {
  expect(typeOf(name)).toBe(expected);
});

test('a dual-purpose reason names the Letter of Medical Necessity', () => {
  const result = classifyProductName('Shiatsu Foot Massager');
  expect(result).toMatchObject({ hsa_fsa_eligible: true, eligibility_type: 'dual_purpose' });
  expect(result.reason).toContain('Letter of Medical Necessity');
});

test('an rx reason says that a prescription is required', () => {
  expect(classifyProductName('Metformin 500 mg').reason).toMatch(/prescription required/i);
});

test('a not-eligible answer has a null type and a reason', () => {
  const result = classifyProductName('Scented Candle');
  expect(result).toMatchObject({ hsa_fsa_eligible: false, eligibility_type: null, matched: [] });
  expect(result.reason).toMatch(/^Not eligible: .+\.$/);
});

test('the reason of an SPF below the minimum states the figure and the minimum', () => {
  expect(classifyProductName('Sunscreen Spray SPF 8').reason).toContain('SPF 8 is below the SPF 15 minimum');
});

test('an OTC marker demoting a prescription drug is listed among the matched phrases', () => {
  const result = classifyProductName('Opill Daily Oral Contraceptive OTC');
  expect(result.matched).toEqual(['oral contraceptive', 'otc']);
  expect(result.reason).toContain('over the counter');
});

test('a brand that contains a rule word does not match it: RXBAR is not rx, CANEBERRY is not a cane', () => {
  expect(classifyProductName('RXBAR Blueberry').matched).toEqual([]);
  expect(classifyProductName('Caneberry Jam').matched).toEqual([]);
});

test('case, punctuation and hyphens do not change the result', () => {
  fc.assert(
    fc.property(
      fc.constantFrom(...labelledCases.map((labelled) => labelled.name)),
      fc.array(fc.boolean(), { minLength: 64, maxLength: 64 }),
      fc.constantFrom('-', ' - ', ', ', '  ', ' / '),
      (name, upper, separator) => {
        const restyled = [...name]
          .map((char, index) => (upper[index % 64] ? char.toUpperCase() : char.toLowerCase()))
          .join('')
          .replaceAll(' ', separator);
        expect(typeOf(restyled)).toBe(typeOf(name));
      },
    ),
  );
});

test('plural and singular forms classify alike', () => {
  expect(typeOf('Tampon')).toBe('auto_substantiation');
  expect(typeOf('Insulin Syringe')).toBe('auto_substantiation');
  expect(typeOf('Lancet')).toBe('auto_substantiation');
  expect(typeOf('Contact Lens Cases')).toBe('vision');
  expect(typeOf('Heating Pads')).toBe('auto_substantiation');
});

test('a blocking negation anywhere in the name makes any product not eligible', () => {
  const blockers = eligibilityRules.modifiers.blocking_negations;
  const eligiblePhrases = [
    ...eligibilityRules.categories.rx,
    ...eligibilityRules.categories.vision,
    ...eligibilityRules.categories.auto_substantiation,
    ...eligibilityRules.categories.dual_purpose,
  ];
  fc.assert(
    fc.property(
      fc.constantFrom(...blockers),
      fc.constantFrom(...eligiblePhrases),
      fc.boolean(),
      (blocker, phrase, first) => {
        const result = classifyProductName(first ? `${blocker} ${phrase}` : `${phrase} ${blocker}`);
        expect(result.hsa_fsa_eligible).toBe(false);
        expect(result.matched).toContain(blocker);
      },
    ),
  );
});

test('every category phrase on its own is classified in its own category', () => {
  const precedence = eligibilityRules.precedence;
  for (const category of precedence) {
    for (const phrase of eligibilityRules.categories[category]) {
      expect(typeOf(phrase), phrase).toBe(category);
    }
  }
});

test('the classifier reads only the rules it is given', () => {
  const rules: EligibilityRules = {
    ...eligibilityRules,
    categories: {
      ...eligibilityRules.categories,
      dual_purpose: [...eligibilityRules.categories.dual_purpose, 'garden hose'],
    },
  };
  expect(typeOf('Garden Hose 50 ft')).toBe('not_eligible');
  expect(classifyProductName('Garden Hose 50 ft', rules).eligibility_type).toBe('dual_purpose');
});
