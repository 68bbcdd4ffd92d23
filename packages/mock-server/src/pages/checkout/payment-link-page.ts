import type { CheckoutSession, Mode, PaymentLink } from '@glm/domain';
import type { PaymentLinkRecord } from '../../core/store/payment-records.ts';
import { openSessionOf, sessionFor } from '../../operations/payment-links/link-session.ts';
import { payPaymentLink } from '../../operations/payment-links/pay.ts';
import { errorPage } from '../kit/error-page.ts';
import { readForm } from '../kit/read-form.ts';
import { findInEitherMode, type PageContext, type ShopperVisit } from '../page-context.ts';
import { attemptPayment, repeatedAttempt } from './attempt-payment.ts';
import { merchantName } from './end-links.ts';
import { findCheckout } from './hosted-checkout.ts';
import { cancelledResponse, formPage, type PaymentSurface, statePage } from './payment-flow.ts';

function findLink(
  context: PageContext,
  id: string,
): { readonly record: PaymentLinkRecord; readonly mode: Mode } | undefined {
  const hit = findInEitherMode(context, (state) => state.paymentLinks.get(id));
  return hit === undefined ? undefined : { record: hit.found, mode: hit.mode };
}

const REFUSALS: Readonly<
  Record<string, { readonly heading: string; readonly text: (merchant: string) => string }>
> = {
  paid: {
    heading: 'Already paid',
    text: (merchant) => `This payment link from ${merchant} has already been paid. Nothing more is due.`,
  },
  expired: {
    heading: 'Link expired',
    text: (merchant) => `This payment link from ${merchant} has expired. Ask ${merchant} for a new one.`,
  },
  cancelled: {
    heading: 'Link cancelled',
    text: (merchant) => `${merchant} cancelled this payment link. Nothing was charged.`,
  },
};

/**
 * The page of a link that cannot be paid (paid, expired, cancelled), naming the merchant and linking
 * back to it (`success_url` once paid, else `cancel_url` when there is one); posts `checkout.error` when framed.
 */
/** The session a page view of the link shows: the open one, or a new one; `refused` when none can be opened. */
function openedSession(
  context: PageContext,
  mode: Mode,
  record: PaymentLinkRecord,
): CheckoutSession | 'refused' {
  const opened = sessionFor({ engine: context.engine, mode }, record);
  return opened.ok ? opened.value : 'refused';
}

function refusedLinkPage(
  link: PaymentLink,
  frame: PaymentSurface['frame'],
  embedOrigin: string | null,
  merchant: string,
): Response {
  const refusal = REFUSALS[link.status] ?? REFUSALS['cancelled'];
  const heading = refusal?.heading ?? 'Unavailable';
  const text = refusal?.text(merchant) ?? 'This link cannot be paid.';
  const back = link.status === 'paid' ? link.success_url : (link.cancel_url ?? link.success_url);
  return statePage(
    { embedOrigin, frame, successUrl: link.success_url, cancelUrl: link.cancel_url ?? null },
    200,
    {
      heading,
      text,
      tone: link.status === 'paid' ? 'info' : 'error',
      links: [{ href: back.replace(/\{[A-Z_]+\}/g, ''), label: `Return to ${merchant}`, top: true }],
    },
    {
      type: 'checkout.error',
      checkout_id: link.id,
      error: { code: `payment_link_${link.status}`, message: text },
    },
  );
}

const embedQuery = (query: URLSearchParams): string => {
  const embed = query.get('embed_origin');
  return embed === null ? '' : `?${new URLSearchParams({ embed_origin: embed })}`;
};

const actionUrl = (id: string, action: 'pay' | 'cancel', query: URLSearchParams): string =>
  `/pay/${encodeURIComponent(id)}/${action}${embedQuery(query)}`;

/**
 * The payment link page: `GET /pay/{plink_id}` opens (or reuses) the link's checkout session and
 * shows the checkout page for it; `POST …/pay` runs the link's pay test-helper route (so the link becomes
 * `paid` and the order carries `payment_link_id`); `POST …/cancel` leaves. Paid, expired and cancelled
 * links get a page saying so; an unknown id 404.
 */
export async function paymentLinkPage(context: PageContext, visit: ShopperVisit): Promise<Response> {
  const { request, url, id, action } = visit;
  context.engine.runDue();
  const found = findLink(context, id);
  if (found === undefined)
    return errorPage(404, 'Payment link not found', 'There is no payment link with this address.');
  const { record, mode } = found;
  const { link } = record;
  const embedOrigin = url.searchParams.get('embed_origin');
  const frame = { mode, allowedOrigins: context.allowedOrigins, successUrl: link.success_url };
  const merchant = merchantName(context.merchantName, link.success_url);
  const surfaceOf = (session: CheckoutSession): PaymentSurface => ({
    session,
    mode,
    heading: link.description,
    payAction: actionUrl(id, 'pay', url.searchParams),
    cancelAction: actionUrl(id, 'cancel', url.searchParams),
    embedOrigin,
    frame,
    successUrl: link.success_url,
    cancelUrl: link.cancel_url ?? null,
    now: context.engine.nowIso(),
    merchant,
    retryUrl: `/pay/${encodeURIComponent(id)}${embedQuery(url.searchParams)}`,
    nextAttempt: () => context.engine.token(24),
  });
  // A post acts on the session its page view opened; it never opens one, so a refused post changes nothing.
  const form = action === 'view' ? null : await readForm(request);
  if (form === undefined) return errorPage(400, 'Bad request', 'The form could not be read.');
  if (action === 'pay' && form !== null) {
    const repeated = await repeatedAttempt(context, id, form, surfaceOf);
    if (repeated !== undefined) return repeated;
  }
  if (link.status !== 'active') return refusedLinkPage(link, frame, embedOrigin, merchant);
  const session =
    form === null
      ? openedSession(context, mode, record)
      : openSessionOf({ engine: context.engine, mode }, record);
  if (session === undefined) {
    return errorPage(409, 'Page out of date', 'This payment page is out of date. Reload it to pay.');
  }
  if (session === 'refused') {
    return errorPage(422, 'Link cannot be paid', 'The checkout for this payment link could not be opened.');
  }
  const surface = surfaceOf(session);
  if (action === 'view' || form === null) return formPage(surface);
  if (action === 'cancel') return cancelledResponse(surface);
  const answered = await attemptPayment(context, surface, form, { pay: payPaymentLink, ownerId: id });
  if (answered !== 'conflict') return answered;
  const current = findLink(context, id)?.record.link ?? link;
  const closed = findCheckout(context, session.checkout_id)?.record.session;
  return current.status === 'active' && closed !== undefined
    ? formPage({ ...surface, session: closed })
    : refusedLinkPage(current, frame, embedOrigin, merchant);
}
