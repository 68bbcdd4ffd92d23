import type { EligibilityType } from '../schemas/statuses.ts';
import { extractMmHg, extractSpf } from './measurements.ts';
import { indexPhrases, type PhraseIndex } from './phrase-index.ts';
import { sameWord, spansOverlap, type TokenSpan, tokenize } from './phrase-match.ts';
import type { EligibilityCategory, EligibilityRules } from './rules.ts';
import { eligibilityRules } from './rules-data.ts';

/** What the keyword rules make of a product name. */
export interface ProductNameClassification {
  /** `true` for every eligibility type, `dual_purpose` included. */
  readonly hsa_fsa_eligible: boolean;
  /** The kind of eligibility, `null` when not eligible. */
  readonly eligibility_type: EligibilityType | null;
  /** Why, in one sentence a merchant can show. */
  readonly reason: string;
  /** The rule phrases that decided the result, in the order they appear in the name. */
  readonly matched: readonly string[];
}

interface Phrase {
  readonly text: string;
  readonly words: readonly string[];
}

interface CompiledRules {
  readonly categories: PhraseIndex<Phrase & { readonly category: EligibilityCategory }>;
  readonly blocking: PhraseIndex<Phrase>;
  readonly otcMarkers: PhraseIndex<Phrase>;
  readonly eyewearNouns: PhraseIndex<Phrase>;
  readonly eyewearQualifiers: PhraseIndex<Phrase>;
  readonly sunKeywords: PhraseIndex<Phrase>;
  readonly makeupNouns: PhraseIndex<Phrase>;
  readonly sunCategory: EligibilityCategory;
}

// One phrase found in the name. `role` is the category it votes for, or `otc_marker`; `because` names
// the modifier phrases that changed its vote and `note` says how.
interface Match {
  readonly phrase: string;
  readonly span: TokenSpan;
  readonly role: EligibilityCategory | 'otc_marker';
  readonly because?: readonly string[];
  readonly note?: string;
}

// The word the compression rule looks for; the threshold itself comes from the rules.
const compressionWord = 'compression';

const compiledCache = new WeakMap<EligibilityRules, CompiledRules>();

function compile(rules: EligibilityRules): CompiledRules {
  const cached = compiledCache.get(rules);
  if (cached !== undefined) return cached;
  const phrase = (text: string): Phrase => ({ text, words: tokenize(text) });
  const list = (texts: readonly string[]) => indexPhrases(texts.map(phrase));
  const { modifiers } = rules;
  const categories = rules.precedence.flatMap((category) =>
    rules.categories[category].map((text) => ({ ...phrase(text), category })),
  );
  const sunKeywords = list(modifiers.sun_keywords);
  const compiled: CompiledRules = {
    categories: indexPhrases(categories),
    blocking: list(modifiers.blocking_negations),
    otcMarkers: list(modifiers.otc_markers),
    eyewearNouns: list(modifiers.eyewear_nouns),
    eyewearQualifiers: list(modifiers.eyewear_qualifiers),
    sunKeywords,
    makeupNouns: list(modifiers.makeup_nouns),
    sunCategory:
      categories.find((entry) => sunKeywords.phrases.some((sun) => sun.text === entry.text))?.category ??
      'auto_substantiation',
  };
  compiledCache.set(rules, compiled);
  return compiled;
}

const width = (span: TokenSpan) => span.end - span.start;
const sameSpan = (a: TokenSpan, b: TokenSpan) => a.start === b.start && a.end === b.end;
const quoted = (phrases: readonly string[]) => phrases.map((text) => `'${text}'`).join(', ');

// Longest phrase wins: a phrase is kept unless a longer kept phrase shares a word with it. Phrases over
// exactly the same words (one word in two categories) are all kept, and precedence decides between them.
function keepLongest(found: readonly Match[]): Match[] {
  const ordered = [...found].sort(
    (a, b) =>
      width(b.span) - width(a.span) || b.phrase.length - a.phrase.length || a.span.start - b.span.start,
  );
  const kept: Match[] = [];
  for (const match of ordered) {
    if (!kept.some((other) => spansOverlap(other.span, match.span) && !sameSpan(other.span, match.span))) {
      kept.push(match);
    }
  }
  return kept.sort((a, b) => a.span.start - b.span.start);
}

// A reason is one sentence: the verdict, the phrases behind it, then what the modifiers said.
function sentence(head: string, notes: readonly string[]): string {
  return `${[head, ...notes].join('; ')}.`;
}

function notEligible(head: string, notes: readonly string[], matched: readonly string[]) {
  const reason = sentence(`Not eligible: ${head}`, notes);
  return {
    hsa_fsa_eligible: false,
    eligibility_type: null,
    reason,
    matched,
  } satisfies ProductNameClassification;
}

const eligibleReasons: Record<EligibilityType, (phrases: string) => string> = {
  rx: (phrases) => `Prescription required (${phrases}): eligible with a valid prescription`,
  vision: (phrases) => `Vision care product (${phrases}): eligible`,
  auto_substantiation: (phrases) =>
    `Eligible medical product (${phrases}), auto-substantiated: no prescription or letter needed`,
  dual_purpose: (phrases) =>
    `Dual-purpose product (${phrases}): eligible only with a Letter of Medical Necessity (LMN) from a healthcare provider`,
};

/**
 * Classifies a product by its name with the keyword rules, and nothing else: the name is
 * normalized (case, punctuation, hyphens, plurals), phrases match whole words only, then
 * (1) a blocking negation makes the product not eligible; (2) the longest phrase wins where phrases
 * overlap; (3) an OTC marker turns `rx` into `auto_substantiation`; (4) an eyewear noun with a qualifier
 * makes a `vision` product, an SPF below the minimum or on makeup cancels the sun keywords, and a stated
 * mmHg decides whether compression wear is medical; finally the first category in the rules' precedence
 * (rx > vision > auto_substantiation > dual_purpose > not_eligible) with a match decides. No match means
 * not eligible.
 *
 * @param rules - the keyword rules; the copy bundled with this package by default.
 */
export function classifyProductName(
  name: string,
  rules: EligibilityRules = eligibilityRules,
): ProductNameClassification {
  const compiled = compile(rules);
  const { spf_min: spfMin, medical_compression_min_mmhg: mmHgMin } = rules.modifiers;
  const words = tokenize(name);

  // (1) Blocking negations.
  const blocking = compiled.blocking.find(words).map((hit) => hit.phrase.text);
  if (blocking.length > 0) {
    return notEligible(`${quoted(blocking)} marks the product as non-medical or excluded`, [], blocking);
  }

  // (2) Longest phrase wins; OTC markers compete too, so 'non prescription' consumes 'prescription'.
  let matches = keepLongest([
    ...compiled.categories.find(words).map(({ phrase, span }) => ({
      phrase: phrase.text,
      span,
      role: phrase.category,
    })),
    ...compiled.otcMarkers.find(words).map(({ phrase, span }) => ({
      phrase: phrase.text,
      span,
      role: 'otc_marker' as const,
    })),
  ]);

  // (3) OTC markers demote rx to auto_substantiation.
  const otc = matches.filter((match) => match.role === 'otc_marker').map((match) => match.phrase);
  if (otc.length > 0) {
    matches = matches.map((match) =>
      match.role === 'rx'
        ? {
            ...match,
            role: 'auto_substantiation',
            because: otc,
            note: `sold over the counter (${quoted(otc)})`,
          }
        : match,
    );
  }

  // (4a) Eyewear: a noun with a qualifier that no longer non-vision phrase has consumed.
  const swallowed = (span: TokenSpan) =>
    matches.some(
      (match) =>
        match.role !== 'vision' &&
        width(match.span) > width(span) &&
        match.span.start <= span.start &&
        span.end <= match.span.end,
    );
  const noun = compiled.eyewearNouns.find(words)[0];
  const qualifier = compiled.eyewearQualifiers
    .find(words)
    .find((hit) => !swallowed(hit.span) && (noun === undefined || !spansOverlap(hit.span, noun.span)));
  if (noun !== undefined && qualifier !== undefined) {
    const eyewear = [qualifier, noun].sort((a, b) => a.span.start - b.span.start);
    matches = matches.filter(
      (match) =>
        match.role === 'vision' ||
        match.role === 'otc_marker' ||
        !eyewear.some((hit) => spansOverlap(hit.span, match.span)),
    );
    matches.push({
      phrase: eyewear.map((hit) => hit.phrase.text).join(' '),
      span: {
        start: Math.min(qualifier.span.start, noun.span.start),
        end: Math.max(qualifier.span.end, noun.span.end),
      },
      role: 'vision',
      note: 'eyewear with a vision qualifier',
    });
  }

  // (4b) SPF: makeup keeps its cosmetic purpose; below the minimum, sun keywords do not count.
  const notes: { readonly text: string; readonly phrases: readonly string[] }[] = [];
  const isSun = (text: string) => compiled.sunKeywords.phrases.some((sun) => sun.text === text);
  const sun = compiled.sunKeywords.find(words).map((hit) => hit.phrase.text);
  const makeup = compiled.makeupNouns.find(words).map((hit) => hit.phrase.text);
  const spf = extractSpf(words);
  if ((sun.length > 0 || spf !== null) && makeup.length > 0) {
    matches = matches.filter((match) => !isSun(match.phrase));
    notes.push({
      text: `${quoted(makeup)} is makeup: with an SPF its primary purpose is cosmetic`,
      phrases: makeup,
    });
  } else if (spf !== null && spf < spfMin) {
    matches = matches.filter((match) => !isSun(match.phrase));
    notes.push({ text: `SPF ${spf} is below the SPF ${spfMin} minimum for sun protection`, phrases: sun });
  } else if (spf !== null) {
    const note = `SPF ${spf} meets the SPF ${spfMin} minimum`;
    const sunMatches = matches.filter((match) => isSun(match.phrase));
    matches = matches.map((match) => (isSun(match.phrase) ? { ...match, note } : match));
    if (sunMatches.length === 0) {
      const at = words.findIndex((word) => word.startsWith('spf'));
      matches.push({ phrase: 'spf', span: { start: at, end: at + 1 }, role: compiled.sunCategory, note });
    }
  }

  // (4c) Compression: the stated pressure decides between medical grade and dual-purpose.
  const mmHg = extractMmHg(words);
  if (mmHg !== null) {
    const medical = mmHg >= mmHgMin;
    const isCompression = (match: Match) =>
      match.role !== 'otc_marker' && tokenize(match.phrase).some((word) => sameWord(word, compressionWord));
    const role: EligibilityCategory = medical ? 'auto_substantiation' : 'dual_purpose';
    const note = medical
      ? `${mmHg} mmHg meets the ${mmHgMin} mmHg medical-grade minimum`
      : `${mmHg} mmHg is below the ${mmHgMin} mmHg medical-grade minimum`;
    const at = words.findIndex((word) => sameWord(word, compressionWord));
    if (matches.some(isCompression)) {
      matches = matches.map((match) => (isCompression(match) ? { ...match, role, note } : match));
    } else if (medical && at >= 0) {
      matches.push({ phrase: compressionWord, span: { start: at, end: at + 1 }, role, note });
    }
  }

  // Precedence.
  matches.sort((a, b) => a.span.start - b.span.start);
  const category = rules.precedence.find((candidate) => matches.some((match) => match.role === candidate));
  const hits = matches.filter((match) => match.role === category);
  const matched = [...new Set(hits.flatMap((hit) => [hit.phrase, ...(hit.because ?? [])]))];
  const hitNotes = [...new Set(hits.flatMap((hit) => (hit.note === undefined ? [] : [hit.note])))];
  const phrases = quoted([...new Set(hits.map((hit) => hit.phrase))]);
  if (category === undefined || category === 'not_eligible') {
    const allMatched = [...new Set([...matched, ...notes.flatMap((note) => note.phrases)])];
    const texts = notes.map((note) => note.text);
    if (category !== undefined) return notEligible(`not a medical product (${phrases})`, texts, allMatched);
    const head = texts[0] ?? 'the name matches no eligible product category';
    return notEligible(head, texts.slice(1), allMatched);
  }
  return {
    hsa_fsa_eligible: true,
    eligibility_type: category,
    reason: sentence(eligibleReasons[category](phrases), hitNotes),
    matched,
  };
}
