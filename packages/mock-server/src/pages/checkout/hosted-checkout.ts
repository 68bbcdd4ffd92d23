import type { CheckoutSession, Mode } from '@glm/domain';
import { constantTimeEqual } from '../../core/keys/constant-time-equal.ts';
import type { CheckoutRecord } from '../../core/store/store.ts';
import { cancelCheckout } from '../../operations/checkout/cancel.ts';
import { payCheckout } from '../../operations/checkout/pay.ts';
import { errorPage } from '../kit/error-page.ts';
import { isAllowedEmbedOrigin } from '../kit/frame-policy.ts';
import { readForm } from '../kit/read-form.ts';
import { findInEitherMode, type PageContext, type ShopperVisit } from '../page-context.ts';
import { attemptPayment, repeatedAttempt } from './attempt-payment.ts';
import { merchantName } from './end-links.ts';
import {
  cancelledResponse,
  fillFor,
  formPage,
  type PaymentSurface,
  type StateView,
  statePage,
} from './payment-flow.ts';

const encoder = new TextEncoder();
const sameToken = (given: string, expected: string): boolean =>
  constantTimeEqual(encoder.encode(given), encoder.encode(expected));

/** A session by id in either mode. */
export function findCheckout(
  context: PageContext,
  id: string,
): { readonly record: CheckoutRecord; readonly mode: Mode } | undefined {
  const hit = findInEitherMode(context, (state) => state.checkouts.get(id));
  return hit === undefined ? undefined : { record: hit.found, mode: hit.mode };
}

/** The page of a session that is not open: paid or expired, 200 either way (posts `checkout.error` when framed). */
function closedSessionPage(surface: PaymentSurface): Response {
  const { session } = surface;
  const paid = session.status === 'paid';
  const back = `Return to ${surface.merchant}`;
  const view: StateView = paid
    ? {
        heading: 'Already paid',
        text: `This checkout with ${surface.merchant} has already been paid. Nothing more is due.`,
        tone: 'info',
        links: [
          { href: fillFor(surface.successUrl, session, session.order_id ?? null), label: back, top: true },
        ],
      }
    : {
        heading: 'Checkout expired',
        text: `This checkout with ${surface.merchant} has expired. Nothing was charged. Return to ${surface.merchant} to start again.`,
        tone: 'error',
        links: [
          { href: fillFor(surface.cancelUrl ?? surface.successUrl, session, null), label: back, top: true },
        ],
      };
  const code = paid ? 'checkout_paid' : 'checkout_expired';
  return statePage(surface, 200, view, {
    type: 'checkout.error',
    checkout_id: session.checkout_id,
    error: { code, message: view.text },
  });
}

const DENIED = 'This checkout link is missing its access token or the token is wrong.';

/**
 * The 403 page of a wrong or missing token. Framed by an origin the session allows (its `embed_origin`),
 * it posts `checkout.error` (`access_denied`) so the embedding page hears of it instead of a blank frame;
 * otherwise it is a plain page that refuses framing. Neither shows anything of the session.
 */
function deniedPage(context: PageContext, session: CheckoutSession, mode: Mode, url: URL): Response {
  const frame = { mode, allowedOrigins: context.allowedOrigins, successUrl: session.success_url };
  const embedOrigin = url.searchParams.get('embed_origin');
  if (embedOrigin === null || !isAllowedEmbedOrigin(embedOrigin, frame)) {
    return errorPage(403, 'Access denied', DENIED);
  }
  return statePage(
    { embedOrigin, frame, successUrl: session.success_url, cancelUrl: session.failure_url },
    403,
    { heading: 'Access denied', text: DENIED, tone: 'error' },
    {
      type: 'checkout.error',
      checkout_id: session.checkout_id,
      error: { code: 'access_denied', message: DENIED },
    },
  );
}

const retryQuery = (query: URLSearchParams): URLSearchParams => {
  const params = new URLSearchParams();
  for (const name of ['token', 'embed_origin']) {
    const value = query.get(name);
    if (value !== null) params.set(name, value);
  }
  return params;
};

const actionUrl = (id: string, action: 'pay' | 'cancel', query: URLSearchParams): string =>
  `/checkout/${encodeURIComponent(id)}/${action}?${retryQuery(query)}`;

/**
 * The hosted checkout page: `GET /checkout/{id}?token=…` shows the session; `POST …/pay` and
 * `POST …/cancel` are its form actions, which run the pay and cancel test-helper operations. A missing or wrong
 * token is a plain 403 page, an unknown id 404; a paid or expired session gets a page saying so.
 */
export async function hostedCheckout(context: PageContext, visit: ShopperVisit): Promise<Response> {
  const { request, url, id, action } = visit;
  context.engine.runDue();
  const found = findCheckout(context, id);
  if (found === undefined)
    return errorPage(404, 'Checkout not found', 'There is no checkout session with this address.');
  const { record, mode } = found;
  const token = url.searchParams.get('token') ?? '';
  if (!sameToken(token, record.token)) return deniedPage(context, record.session, mode, url);
  const { session } = record;
  const surface: PaymentSurface = {
    session,
    mode,
    heading: 'Checkout',
    payAction: actionUrl(id, 'pay', url.searchParams),
    cancelAction: actionUrl(id, 'cancel', url.searchParams),
    embedOrigin: url.searchParams.get('embed_origin'),
    frame: { mode, allowedOrigins: context.allowedOrigins, successUrl: session.success_url },
    successUrl: session.success_url,
    cancelUrl: session.failure_url,
    now: context.engine.nowIso(),
    merchant: merchantName(context.merchantName, session.success_url),
    retryUrl: `/checkout/${encodeURIComponent(id)}?${retryQuery(url.searchParams)}`,
    nextAttempt: () => context.engine.token(24),
  };
  const form = action === 'view' ? null : await readForm(request);
  if (form === undefined) return errorPage(400, 'Bad request', 'The form could not be read.');
  if (action === 'pay' && form !== null) {
    const repeated = await repeatedAttempt(context, id, form, (checkout) => ({
      ...surface,
      session: checkout,
    }));
    if (repeated !== undefined) return repeated;
  }
  if (session.status !== 'open') return closedSessionPage(surface);
  if (form === null) return formPage(surface);
  if (action === 'cancel') {
    await context.call(mode, cancelCheckout, undefined, id);
    return cancelledResponse(surface);
  }
  const answered = await attemptPayment(context, surface, form, { pay: payCheckout, ownerId: id });
  if (answered !== 'conflict') return answered;
  const current = findCheckout(context, id)?.record.session ?? session;
  return closedSessionPage({ ...surface, session: current });
}
