import { regexes } from 'zod';
import { PROTOTYPE_KEYS } from '../errors/prototype-keys.ts';
import type { CheckoutCreate } from './checkout-create-body.ts';
import { admitCheckoutRequest } from './normalize-checkout-request.ts';
import { HttpUrl } from './primitives.ts';

// A hand check of the common, well-formed checkout creation body: what `CheckoutCreate.safeParse` answers
// for it, at a fraction of the cost (zod walks ~60 fields through generic checks; a checkout creation
// spent about a quarter of its server time there). It never refuses: anything it is not sure of
// (a wrong type, a value out of range, an unknown key, a value that is not plain JSON) gives `undefined`,
// and the caller parses with zod, which then builds the error answer. A fast-check property holds it to
// zod: whenever it answers, zod accepts the same input with the same output, key order included. Its
// inputs are plain data, as `JSON.parse` makes it: a proxy or an accessor that answers differently on each
// read is not JSON, and zod itself would read such a value more than once.

type Json = Record<string, unknown>;

/** Marks a value the check cannot vouch for; thrown inside, turned into `undefined` at the top. */
const UNSURE: unique symbol = Symbol('unsure');

function unsure(): never {
  throw UNSURE;
}

/** A plain JSON object (what `JSON.parse` makes), else unsure. */
function object(value: unknown): Json {
  if (
    typeof value !== 'object' ||
    value === null ||
    Array.isArray(value) ||
    Object.getPrototypeOf(value) !== Object.prototype
  ) {
    return unsure();
  }
  return value as Json;
}

/** Unsure when `value` has an own key outside `known` (zod's strict objects refuse those). */
function onlyKnownKeys(value: Json, known: ReadonlySet<string>): void {
  for (const key in value) if (!known.has(key)) unsure();
}

/** `z.string().trim().min(1).max(max)`: the trimmed text. */
function trimmed(value: unknown, max: number): string {
  if (typeof value !== 'string') return unsure();
  const text = value.trim();
  return text.length >= 1 && text.length <= max ? text : unsure();
}

/** `z.string().max(max)`. */
function text(value: unknown, max: number): string {
  return typeof value === 'string' && value.length <= max ? value : unsure();
}

/** `z.int()` within `[min, max]`. */
function int(value: unknown, min: number, max: number): number {
  return Number.isSafeInteger(value) && (value as number) >= min && (value as number) <= max
    ? (value as number)
    : unsure();
}

/** `Cents`: a non-negative safe integer. */
const cents = (value: unknown): number => int(value, 0, Number.MAX_SAFE_INTEGER);

/** `SettledCurrency`: any case and outer whitespace of `USD`, answered as `USD`. */
function currency(value: unknown): string {
  return typeof value === 'string' && value.trim().toUpperCase() === 'USD' ? 'USD' : unsure();
}

const COUNTRY = /^[A-Z]{2}$/;

/** The country code: trimmed, upper-cased, two letters. */
function country(value: unknown): string {
  if (typeof value !== 'string') return unsure();
  const code = value.trim().toUpperCase();
  return COUNTRY.test(code) ? code : unsure();
}

// Only URLs that zod's `z.url` answers unchanged: no outer whitespace, no tab or line break inside.
const PLAIN_HTTP_URL = /^https?:\/\/[^\s]*$/i;

/**
 * `HttpUrl`: an absolute http(s) URL of at most 2048 characters, as sent. Whether it parses is zod's own
 * check (the platform's URL parser, which this pure package does not name).
 */
function httpUrl(value: unknown): string {
  return typeof value === 'string' && PLAIN_HTTP_URL.test(value) && isAcceptedUrl(value) ? value : unsure();
}

// A store sends the same few return URLs with every checkout: the URLs zod accepted lately are
// remembered (whether a text parses never changes), and forgotten all at once when there are many.
const ACCEPTED_URLS_KEPT = 64;
const acceptedUrls = new Set<string>();

/** Whether zod's `HttpUrl` accepts a URL, remembered for the URLs it accepted lately. */
function isAcceptedUrl(url: string): boolean {
  if (acceptedUrls.has(url)) return true;
  if (!HttpUrl.safeParse(url).success) return false;
  if (acceptedUrls.size >= ACCEPTED_URLS_KEPT) acceptedUrls.clear();
  acceptedUrls.add(url);
  return true;
}

/** `Email`: zod's email pattern, at most 255 characters, as sent. */
function email(value: unknown): string {
  return typeof value === 'string' && value.length <= 255 && regexes.email.test(value) ? value : unsure();
}

/** `Metadata`: at most 50 keys of 1–40 characters with string values ≤ 500 (a reserved key: unsure). */
function metadata(value: unknown): Record<string, string> {
  const input = object(value);
  // zod's record also reads symbol keys (and refuses them); `for…in` does not see them.
  if (Object.getOwnPropertySymbols(input).length > 0) unsure();
  const output: Record<string, string> = {};
  let count = 0;
  for (const key in input) {
    if (key.length < 1 || key.length > 40 || PROTOTYPE_KEYS.has(key)) unsure();
    output[key] = text(input[key], 500);
    count++;
  }
  return count <= 50 ? output : unsure();
}

/** Sets `output[key]` to `read(input[key])` when the input has the key; a present `undefined` is unsure. */
function optional<T>(output: Json, input: Json, key: string, read: (value: unknown) => T): void {
  if (!Object.hasOwn(input, key)) return;
  const value = input[key];
  if (value === undefined) unsure();
  output[key] = read(value);
}

const CUSTOMER_KEYS: ReadonlySet<string> = new Set(['email', 'first_name', 'last_name', 'phone']);

function customer(value: unknown): Json {
  const input = object(value);
  onlyKnownKeys(input, CUSTOMER_KEYS);
  const output: Json = {
    email: email(input['email']),
    first_name: trimmed(input['first_name'], 255),
    last_name: trimmed(input['last_name'], 255),
  };
  optional(output, input, 'phone', (phone) => trimmed(phone, 40));
  return output;
}

const ADDRESS_KEYS: ReadonlySet<string> = new Set([
  'address_line_1',
  'address_line_2',
  'city',
  'state',
  'country',
  'postal_code',
  'zip',
]);

/** Either spelling of an address (`postal_code` or `zip`, each optional here). */
function address(value: unknown): Json {
  const input = object(value);
  onlyKnownKeys(input, ADDRESS_KEYS);
  const output: Json = { address_line_1: trimmed(input['address_line_1'], 255) };
  optional(output, input, 'address_line_2', (line) => text(line, 255));
  output['city'] = trimmed(input['city'], 255);
  output['state'] = trimmed(input['state'], 255);
  output['country'] = country(input['country']);
  optional(output, input, 'postal_code', (code) => trimmed(code, 20));
  optional(output, input, 'zip', (code) => trimmed(code, 20));
  return output;
}

const LINE_KEYS: ReadonlySet<string> = new Set([
  'name',
  'image_url',
  'quantity',
  'product_id',
  'merchant_product_id',
  'price',
  'price_cents',
  'currency',
]);

function lineItem(value: unknown): Json {
  const input = object(value);
  onlyKnownKeys(input, LINE_KEYS);
  const output: Json = { name: trimmed(input['name'], 255) };
  optional(output, input, 'image_url', httpUrl);
  output['quantity'] = int(input['quantity'], 1, 10_000);
  optional(output, input, 'product_id', (id) => trimmed(id, 255));
  optional(output, input, 'merchant_product_id', (id) => trimmed(id, 255));
  optional(output, input, 'price', cents);
  optional(output, input, 'price_cents', cents);
  optional(output, input, 'currency', currency);
  return output;
}

function lineItems(value: unknown): Json[] {
  if (!Array.isArray(value) || value.length < 1 || value.length > 100) return unsure();
  // Holes, or keys besides the indexes (such as a reserved one), are not what `JSON.parse` makes.
  if (Object.keys(value).length !== value.length) return unsure();
  const output: Json[] = [];
  for (let index = 0; index < value.length; index++) output.push(lineItem(value[index]));
  return output;
}

const PAYMENT_TYPES: ReadonlySet<unknown> = new Set(['one_time', 'subscription']);
const INTERVALS: ReadonlySet<unknown> = new Set(['daily', 'weekly', 'monthly', 'yearly']);
const SUBSCRIPTION_KEYS: ReadonlySet<string> = new Set(['interval', 'interval_count', 'trial_period_days']);

function subscription(value: unknown): Json {
  const input = object(value);
  onlyKnownKeys(input, SUBSCRIPTION_KEYS);
  const output: Json = {};
  optional(output, input, 'interval', (interval) => (INTERVALS.has(interval) ? interval : unsure()));
  optional(output, input, 'interval_count', (count) => int(count, 1, 365));
  optional(output, input, 'trial_period_days', (days) => int(days, 0, 730));
  return output;
}

const AMOUNTS_KEYS: ReadonlySet<string> = new Set(['shipping_cents', 'tax_cents', 'discount_cents']);

function amounts(value: unknown): Json {
  const input = object(value);
  onlyKnownKeys(input, AMOUNTS_KEYS);
  const output: Json = {};
  optional(output, input, 'shipping_cents', cents);
  optional(output, input, 'tax_cents', cents);
  optional(output, input, 'discount_cents', cents);
  return output;
}

const BODY_KEYS: ReadonlySet<string> = new Set([
  'reference_id',
  'customer',
  'success_url',
  'metadata',
  'payment_type',
  'subscription',
  'line_items',
  'shipping_info',
  'billing_info',
  'shipping',
  'tax',
  'discount',
  'amounts',
  'failure_url',
  'cancel_url',
]);

/** The body's fields in `CheckoutCreateFields`' order, which is the order zod answers them in. */
function fields(value: unknown): Json {
  const input = object(value);
  onlyKnownKeys(input, BODY_KEYS);
  const output: Json = {
    reference_id: trimmed(input['reference_id'], 255),
    customer: customer(input['customer']),
    success_url: httpUrl(input['success_url']),
  };
  optional(output, input, 'metadata', metadata);
  optional(output, input, 'payment_type', (type) => (PAYMENT_TYPES.has(type) ? type : unsure()));
  optional(output, input, 'subscription', subscription);
  output['line_items'] = lineItems(input['line_items']);
  output['shipping_info'] = address(input['shipping_info']);
  optional(output, input, 'billing_info', address);
  optional(output, input, 'shipping', cents);
  optional(output, input, 'tax', cents);
  optional(output, input, 'discount', cents);
  optional(output, input, 'amounts', amounts);
  optional(output, input, 'failure_url', httpUrl);
  optional(output, input, 'cancel_url', httpUrl);
  return output;
}

/**
 * `CheckoutCreate.safeParse(input).data` for a well-formed checkout creation body, or `undefined` when
 * the check is not sure (zod then parses it and answers the error, if any). Never refuses on its own.
 * The normalized form of a body it answers is kept for that body's `normalizeCheckoutRequest`.
 */
export function checkCheckoutCreate(input: unknown): CheckoutCreate | undefined {
  let body: CheckoutCreate;
  try {
    // The walk above checked every field against the schema's rules, so this is the schema's output type.
    body = fields(input) as CheckoutCreate;
  } catch (error) {
    if (error === UNSURE) return undefined;
    throw error;
  }
  return admitCheckoutRequest(body) ? body : undefined;
}
