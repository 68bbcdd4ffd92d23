import type { EligibilityDatabaseEntry } from './eligibility-database.ts';

const lmn = 'eligible only with a Letter of Medical Necessity (LMN) from a healthcare provider';

/**
 * About twenty sample barcodes with realistic product names and eligibility, for the mock server's
 * eligibility database and for tests: the valid barcode vectors of the eligibility data (UPC-A, EAN-13,
 * EAN-8, UPC-E, GTIN-14) and generated UPC-A codes with valid check digits. The names are generic, not
 * real brands, and every entry agrees with what the keyword rules make of its name.
 */
export const sampleEligibilityEntries: readonly EligibilityDatabaseEntry[] = [
  entry(
    '036000291452',
    'Facial Tissue 3-Ply 120 ct',
    null,
    'Not eligible: facial tissue is a household item.',
  ),
  entry(
    '10036000291459',
    'Facial Tissue 3-Ply 120 ct, Case of 12',
    null,
    'Not eligible: facial tissue is a household item.',
  ),
  entry(
    '074100001236',
    'Ibuprofen 200mg Tablets 100 ct',
    'auto_substantiation',
    'Eligible OTC pain reliever, auto-substantiated.',
  ),
  entry(
    '381370078913',
    'Adhesive Bandages Assorted 60 ct',
    'auto_substantiation',
    'Eligible first aid supply, auto-substantiated.',
  ),
  entry(
    '5012345678900',
    'Digital Oral Thermometer',
    'auto_substantiation',
    'Eligible diagnostic device, auto-substantiated.',
  ),
  entry(
    '96385074',
    'Reading Glasses +1.50',
    'vision',
    'Eligible vision product: reading glasses need no prescription.',
  ),
  entry(
    '73513537',
    'Multipurpose Contact Lens Solution 12 fl oz',
    'vision',
    'Eligible vision product: contact lens care.',
  ),
  entry(
    '01234531',
    'Lip Balm SPF 30',
    'auto_substantiation',
    'Eligible sun protection of SPF 15 or more, auto-substantiated.',
  ),
  entry(
    '06543297',
    'Cough Drops Honey Lemon 30 ct',
    'auto_substantiation',
    'Eligible OTC cold remedy, auto-substantiated.',
  ),
  entry(
    '086123400019',
    'Amoxicillin 500mg Capsules',
    'rx',
    'Prescription required: eligible with a valid prescription.',
  ),
  entry(
    '086123400026',
    'Albuterol Inhaler 90 mcg',
    'rx',
    'Prescription required: eligible with a valid prescription.',
  ),
  entry(
    '086123400033',
    'Prescription Eyeglass Frames',
    'vision',
    'Eligible vision product: prescription eyewear.',
  ),
  entry('086123400040', 'Vitamin D3 2000 IU Softgels', 'dual_purpose', `Dual-purpose supplement: ${lmn}.`),
  entry('086123400057', 'Shiatsu Massage Chair', 'dual_purpose', `Dual-purpose massage equipment: ${lmn}.`),
  entry('086123400064', 'HEPA Air Purifier', 'dual_purpose', `Dual-purpose air purifier: ${lmn}.`),
  entry(
    '086123400071',
    'Sunscreen Lotion SPF 50 8 fl oz',
    'auto_substantiation',
    'Eligible sun protection of SPF 15 or more, auto-substantiated.',
  ),
  entry(
    '086123400088',
    'Tampons Regular 36 ct',
    'auto_substantiation',
    'Eligible menstrual care product, auto-substantiated.',
  ),
  entry(
    '086123400095',
    'Blood Pressure Monitor Upper Arm',
    'auto_substantiation',
    'Eligible diagnostic device, auto-substantiated.',
  ),
  entry(
    '086123400101',
    'KN95 Face Mask 20 Pack',
    'auto_substantiation',
    'Eligible personal protective equipment, auto-substantiated.',
  ),
  entry(
    '086123400118',
    'Whitening Toothpaste 4 oz',
    null,
    'Not eligible: toothpaste is general oral hygiene.',
  ),
  entry(
    '086123400125',
    'Unscented Body Lotion 16 oz',
    null,
    'Not eligible: body lotion is a general skin care product.',
  ),
];

function entry(
  upc_code_or_gtin: string,
  product_name: string,
  eligibility_type: EligibilityDatabaseEntry['eligibility_type'],
  reason: string,
): EligibilityDatabaseEntry {
  return {
    upc_code_or_gtin,
    product_name,
    hsa_fsa_eligible: eligibility_type !== null,
    eligibility_type,
    reason,
  };
}
