import { z } from 'zod';
import { tagged } from './issue-tag.ts';

/** A non-negative safe integer amount of cents. A price may be 0. */
export const Cents = z.int().nonnegative();
/** A non-negative safe integer amount of cents. A price may be 0. */
export type Cents = z.infer<typeof Cents>;

/** A positive safe integer amount of cents: payment link and refund amounts. */
export const PositiveCents = z.int().positive();
/** A positive safe integer amount of cents: payment link and refund amounts. */
export type PositiveCents = z.infer<typeof PositiveCents>;

/** An ISO 8601 timestamp. The service sends UTC (`Z`); an explicit offset is tolerated. */
export const Timestamp = z.iso.datetime({ offset: true });
/** An ISO 8601 timestamp. The service sends UTC (`Z`); an explicit offset is tolerated. */
export type Timestamp = z.infer<typeof Timestamp>;

/** The one currency the service settles. */
const SETTLED_CURRENCY = 'USD';

/** An ISO 4217-shaped code: three letters in any case, normalized to upper case. */
const CurrencyCode = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{3}$/, 'must be a three-letter ISO 4217 currency code');

/**
 * A currency the service settles: a well-formed code that is not `USD` is refused with an issue
 * tagged `invalid_currency`, which the error mapping turns into `400 invalid_currency` on products and
 * payment links and into `422 validation_error` on checkout line items.
 */
export const SettledCurrency = CurrencyCode.refine(
  (code) => !/^[A-Z]{3}$/.test(code) || code === SETTLED_CURRENCY,
  { message: `unsupported currency: only ${SETTLED_CURRENCY} is settled`, ...tagged('invalid_currency') },
);
/** A currency the service settles. */
export type SettledCurrency = z.infer<typeof SettledCurrency>;

/** An absolute `http:` or `https:` URL. */
export const HttpUrl = z.url({ protocol: /^https?$/, error: 'must be an absolute http(s) URL' }).max(2048);
/** An absolute `http:` or `https:` URL. */
export type HttpUrl = z.infer<typeof HttpUrl>;

/**
 * Where the hosted page sends the shopper: an absolute `http:` or `https:` URL in which
 * `{CHECKOUT_SESSION_ID}`, `{ORDER_ID}` and `{CUSTOMER_EMAIL}` are replaced on redirect.
 */
export const RedirectUrl = HttpUrl.describe(
  'Where the shopper is sent: an absolute http or https URL. `{CHECKOUT_SESSION_ID}`, `{ORDER_ID}` and ' +
    '`{CUSTOMER_EMAIL}` in it are replaced, URL-encoded, when the shopper is redirected.',
);

/** An email address as sent in requests. */
export const Email = z.email({ error: 'must be an email address' }).max(255);
/** An email address as sent in requests. */
export type Email = z.infer<typeof Email>;

/** A human-readable name: 1–255 characters after trimming. */
export const Name = z.string().trim().min(1).max(255);
/** A human-readable name: 1–255 characters after trimming. */
export type Name = z.infer<typeof Name>;

/** A free-text reason or note: at most 500 characters. */
export const ShortText = z.string().max(500);
/** A free-text reason or note: at most 500 characters. */
export type ShortText = z.infer<typeof ShortText>;

const MetadataKey = z.string().min(1).max(40);
const MetadataValue = z.string().max(500);

/** Merchant key-value pairs in requests: at most 50 keys of 1–40 characters, string values ≤ 500. */
export const Metadata = z
  .record(MetadataKey, MetadataValue)
  .refine((record) => Object.keys(record).length <= 50, 'must have at most 50 keys');
/** Merchant key-value pairs in requests: at most 50 keys of 1–40 characters, string values ≤ 500. */
export type Metadata = z.infer<typeof Metadata>;

/** A metadata merge in an update: a `null` value removes its key. */
export const MetadataPatch = z
  .record(MetadataKey, MetadataValue.nullable())
  .refine((record) => Object.keys(record).length <= 50, 'must have at most 50 keys');
/** A metadata merge in an update: a `null` value removes its key. */
export type MetadataPatch = z.infer<typeof MetadataPatch>;

/** Merchant key-value pairs as the service answers them. */
export const MetadataRecord = z.record(z.string(), z.string());
/** Merchant key-value pairs as the service answers them. */
export type MetadataRecord = z.infer<typeof MetadataRecord>;
