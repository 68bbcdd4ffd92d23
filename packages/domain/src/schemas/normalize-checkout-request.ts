import { z } from 'zod';
import { formatParamPath } from '../errors/param-path.ts';
import { err, ok, type Result } from '../result.ts';
import type { CheckoutCreateFields } from './checkout-create.ts';
import type { IssueTag } from './issue-tag.ts';
import { lazySchema } from './lazy-schema.ts';
import { HttpUrl } from './primitives.ts';
import { PaymentType, SubscriptionInterval } from './statuses.ts';
import { subscriptionProblem } from './subscription-request.ts';

const NormalizedAddress = z.object({
  address_line_1: z.string(),
  address_line_2: z.string().nullable(),
  city: z.string(),
  state: z.string(),
  postal_code: z.string(),
  country: z.string(),
});

/**
 * The one internal form of a checkout creation request, whichever shape it came in: reference
 * spellings, every default applied (`billing_info` = shipping address, amounts 0, currency USD,
 * `payment_type` one_time, `interval_count` 1), absent optional values as `null`.
 */
export const NormalizedCheckoutRequest = lazySchema(() =>
  z.object({
    reference_id: z.string(),
    customer: z.object({
      email: z.string(),
      first_name: z.string(),
      last_name: z.string(),
      phone: z.string().nullable(),
    }),
    line_items: z.array(
      z.object({
        product_id: z.string(),
        name: z.string(),
        image_url: z.string().nullable(),
        price: z.int(),
        quantity: z.int(),
        currency: z.string(),
      }),
    ),
    shipping_info: NormalizedAddress,
    billing_info: NormalizedAddress,
    shipping: z.int(),
    tax: z.int(),
    discount: z.int(),
    success_url: z.string(),
    failure_url: z.string(),
    metadata: z.record(z.string(), z.string()),
    payment_type: PaymentType,
    subscription: z
      .object({
        interval: SubscriptionInterval,
        interval_count: z.int(),
        trial_period_days: z.int().nullable(),
      })
      .nullable(),
  }),
);
/** The one internal form of a checkout creation request. */
export type NormalizedCheckoutRequest = z.infer<typeof NormalizedCheckoutRequest>;

/** One thing wrong with a checkout request beyond its field types. */
export type CheckoutRequestProblem = {
  path: (string | number)[];
  message: string;
  /** `missing`/`contradiction` are 400s; untagged problems are 422s. */
  tag?: IssueTag;
};

type Path = (string | number)[];

/**
 * Where the two spellings of a field live (reference first), given the line's index for line fields.
 * Paths are built only to report a problem: most requests have none, and a checkout reconciles about
 * fifteen fields.
 */
type Spellings = (index: number) => readonly [reference: Path, guide: Path];

const lineField =
  (reference: string, guide: string): Spellings =>
  (index) => [
    ['line_items', index, reference],
    ['line_items', index, guide],
  ];
const PRODUCT_ID = lineField('product_id', 'merchant_product_id');
const PRICE = lineField('price', 'price_cents');
const postalCode =
  (at: 'shipping_info' | 'billing_info'): Spellings =>
  () => [
    [at, 'postal_code'],
    [at, 'zip'],
  ];
const SHIPPING_POSTAL_CODE = postalCode('shipping_info');
const BILLING_POSTAL_CODE = postalCode('billing_info');
const amount =
  (name: 'shipping' | 'tax' | 'discount'): Spellings =>
  () => [[name], ['amounts', `${name}_cents`]];
const SHIPPING = amount('shipping');
const TAX = amount('tax');
const DISCOUNT = amount('discount');
const FAILURE_URL: Spellings = () => [['failure_url'], ['cancel_url']];

/** Picks the value of a field that has two spellings, recording a missing or contradictory one. */
function reconcile<T>(
  problems: CheckoutRequestProblem[],
  reference: T | undefined,
  guide: T | undefined,
  field: { readonly spellings: Spellings; readonly index: number; readonly fallback?: T },
): T | undefined {
  const { spellings, index, fallback } = field;
  if (reference !== undefined && guide !== undefined && reference !== guide) {
    const [first, second] = spellings(index);
    problems.push({
      path: first,
      message: `${formatParamPath(first)} and ${formatParamPath(second)} disagree`,
      tag: 'contradiction',
    });
  }
  const value = reference ?? guide ?? fallback;
  if (value === undefined) {
    const [first, second] = spellings(index);
    problems.push({
      path: first,
      message: `${formatParamPath(first)} (or ${formatParamPath(second)}) is required`,
      tag: 'missing',
    });
  }
  return value;
}

type AnyAddress = CheckoutCreateFields['shipping_info'];

function address(problems: CheckoutRequestProblem[], input: AnyAddress, spellings: Spellings) {
  const postalCode = reconcile(problems, input.postal_code, input.zip, { spellings: spellings, index: 0 });
  return {
    address_line_1: input.address_line_1,
    address_line_2: input.address_line_2 ?? null,
    city: input.city,
    state: input.state,
    postal_code: postalCode ?? '',
    country: input.country,
  };
}

/** The customer with every field present (built field by field: a spread costs more per checkout). */
function customer(input: CheckoutCreateFields['customer']): NormalizedCheckoutRequest['customer'] {
  return {
    email: input.email,
    first_name: input.first_name,
    last_name: input.last_name,
    phone: input.phone ?? null,
  };
}

/** Reconciles the two spellings of every field; the value is meaningful only without problems. */
function resolve(body: CheckoutCreateFields) {
  const problems: CheckoutRequestProblem[] = [];
  const lineItems = body.line_items.map((item, index) => ({
    product_id:
      reconcile(problems, item.product_id, item.merchant_product_id, {
        spellings: PRODUCT_ID,
        index: index,
      }) ?? '',
    name: item.name,
    image_url: item.image_url ?? null,
    price: reconcile(problems, item.price, item.price_cents, { spellings: PRICE, index: index }) ?? 0,
    quantity: item.quantity,
    currency: item.currency ?? 'USD',
  }));
  const shipping = address(problems, body.shipping_info, SHIPPING_POSTAL_CODE);
  const { amounts } = body;
  const value: NormalizedCheckoutRequest = {
    reference_id: body.reference_id,
    customer: customer(body.customer),
    line_items: lineItems,
    shipping_info: shipping,
    billing_info:
      body.billing_info === undefined ? shipping : address(problems, body.billing_info, BILLING_POSTAL_CODE),
    shipping:
      reconcile(problems, body.shipping, amounts?.shipping_cents, {
        spellings: SHIPPING,
        index: 0,
        fallback: 0,
      }) ?? 0,
    tax: reconcile(problems, body.tax, amounts?.tax_cents, { spellings: TAX, index: 0, fallback: 0 }) ?? 0,
    discount:
      reconcile(problems, body.discount, amounts?.discount_cents, {
        spellings: DISCOUNT,
        index: 0,
        fallback: 0,
      }) ?? 0,
    success_url: body.success_url,
    failure_url:
      reconcile(problems, body.failure_url, body.cancel_url, { spellings: FAILURE_URL, index: 0 }) ?? '',
    metadata: body.metadata ?? {},
    payment_type: body.payment_type ?? 'one_time',
    subscription:
      body.subscription?.interval === undefined
        ? null
        : {
            interval: body.subscription.interval,
            interval_count: body.subscription.interval_count ?? 1,
            trial_period_days: body.subscription.trial_period_days ?? null,
          },
  };
  return { value, problems };
}

/** The problems of a normalized request that are well-typed but invalid values (422). */
function valueProblems(
  body: CheckoutCreateFields,
  request: NormalizedCheckoutRequest,
): CheckoutRequestProblem[] {
  const problems: CheckoutRequestProblem[] = [];
  const subtotal = request.line_items.reduce((sum, item) => sum + item.price * item.quantity, 0);
  const ceiling = subtotal + request.shipping + request.tax;
  if (!Number.isSafeInteger(ceiling)) {
    problems.push({ path: ['line_items'], message: 'the order total is too large' });
  } else if (request.discount > ceiling) {
    problems.push({ path: ['discount'], message: 'must not exceed subtotal + shipping + tax' });
  }
  const subscription = subscriptionProblem(body.payment_type, body.subscription);
  if (subscription !== undefined) problems.push(subscription);
  const { webhook_url: webhookUrl } = request.metadata;
  if (webhookUrl !== undefined && !HttpUrl.safeParse(webhookUrl).success) {
    problems.push({ path: ['metadata', 'webhook_url'], message: 'must be an absolute http(s) URL' });
  }
  return problems;
}

/**
 * Everything wrong with a type-checked checkout request: missing or contradictory spellings first
 * (400 `bad_request`), then, when there are none, invalid values (422 `validation_error`).
 */
export function checkoutRequestProblems(body: CheckoutCreateFields): CheckoutRequestProblem[] {
  return checkedRequest(body).problems;
}

/** The normalized form and everything wrong with the request, in {@link checkoutRequestProblems}' order. */
function checkedRequest(body: CheckoutCreateFields) {
  const { value, problems } = resolve(body);
  return { value, problems: problems.length > 0 ? problems : valueProblems(body, value) };
}

// The normalized form of each body the hand check admitted (it reconciles every field to find the
// problems): the `normalizeCheckoutRequest` of the same body takes it instead of reconciling again. Taken
// once, so every call still answers an object of its own.
const admittedForms = new WeakMap<CheckoutCreateFields, NormalizedCheckoutRequest>();

/**
 * Whether a type-checked checkout request has no problems (see {@link checkoutRequestProblems}); when it
 * has none, its normalized form is kept for the next `normalizeCheckoutRequest` of the same body.
 */
export function admitCheckoutRequest(body: CheckoutCreateFields): boolean {
  const { value, problems } = checkedRequest(body);
  if (problems.length > 0) return false;
  admittedForms.set(body, value);
  return true;
}

/** The normalized form kept for an admitted body (once), or `undefined`. */
function takeAdmittedForm(body: CheckoutCreateFields): NormalizedCheckoutRequest | undefined {
  const value = admittedForms.get(body);
  if (value !== undefined) admittedForms.delete(body);
  return value;
}

/**
 * Maps a checkout request in either shape (reference, guide or a mix) to the one internal form. Refuses with
 * `bad_request` when a required field is missing in both spellings or when both spellings of one
 * field are sent with different values; `param` names the reference spelling.
 *
 * @example
 * const parsed = CheckoutCreate.parse(body);
 * const request = normalizeCheckoutRequest(parsed);
 * if (request.ok) createSession(request.value);
 */
export function normalizeCheckoutRequest(
  body: CheckoutCreateFields,
): Result<NormalizedCheckoutRequest, 'bad_request'> {
  const admitted = takeAdmittedForm(body);
  if (admitted !== undefined) return ok(admitted);
  const { value, problems } = resolve(body);
  const [problem] = problems;
  if (problem === undefined) return ok(value);
  return err('bad_request', problem.message, formatParamPath(problem.path));
}
