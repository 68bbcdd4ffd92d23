import { z } from 'zod';
import { EligibilityType } from '../schemas/statuses.ts';

/**
 * The keyword categories of the eligibility rules: every `EligibilityType` plus `not_eligible`,
 * the category of names that are known not to qualify.
 */
export const EligibilityCategory = z.enum([...EligibilityType.options, 'not_eligible']);
/**
 * The keyword categories of the eligibility rules: every `EligibilityType` plus `not_eligible`,
 * the category of names that are known not to qualify.
 */
export type EligibilityCategory = z.infer<typeof EligibilityCategory>;

const phrases = z.array(z.string().trim().min(1)).readonly();

/**
 * The keyword rules that classify a product by its name, in the shape of
 * `../shared/data/eligibility.json`: phrases per category, modifiers, the category precedence and the
 * sources the rules were drawn from. Unknown keys (such as the labelled test cases) are dropped.
 */
export const EligibilityRules = z.object({
  /** Where the rules come from: documentation only, never read by the classifier. */
  sources: z.array(z.string()).readonly(),
  /** The sources behind each category, documentation only. */
  category_sources: z.record(EligibilityCategory, z.array(z.string()).readonly()),
  /** The phrases of each category, matched as whole words after normalization. */
  categories: z.record(EligibilityCategory, phrases),
  /** Phrases and thresholds that adjust a keyword match. */
  modifiers: z.object({
    /** Any of these makes the product not eligible, whatever else matches. */
    blocking_negations: phrases,
    /** These mark an over-the-counter product: an `rx` match becomes `auto_substantiation`. */
    otc_markers: phrases,
    /** Eyewear nouns; with a qualifier anywhere in the name they make a `vision` product. */
    eyewear_nouns: phrases,
    /** Eyewear qualifiers (prescription, reading, …). */
    eyewear_qualifiers: phrases,
    /** Sun-protection keywords, subject to the SPF minimum. */
    sun_keywords: phrases,
    /** Makeup nouns: a cosmetic with an SPF is a cosmetic, not a sunscreen. */
    makeup_nouns: phrases,
    /** The lowest SPF that counts as sun protection. */
    spf_min: z.number().int().positive(),
    /** The lowest pressure, in mmHg, that makes compression wear medical. */
    medical_compression_min_mmhg: z.number().int().positive(),
  }),
  /** Categories from strongest to weakest; the first category with a match decides. */
  precedence: z
    .array(EligibilityCategory)
    .readonly()
    .refine(
      (list) => list.length === EligibilityCategory.options.length && new Set(list).size === list.length,
      {
        message: 'precedence must list every category exactly once',
      },
    ),
  /** The order in which the modifiers apply, in words. */
  precedence_notes: z.string(),
});
/**
 * The keyword rules that classify a product by its name, in the shape of
 * `../shared/data/eligibility.json`: phrases per category, modifiers, the category precedence and the
 * sources the rules were drawn from. Unknown keys (such as the labelled test cases) are dropped.
 */
export type EligibilityRules = z.infer<typeof EligibilityRules>;
