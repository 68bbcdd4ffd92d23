import { type CheckoutSession, fillRedirectUrl, type Mode, type Order } from '@glm/domain';
import { type FramePolicyInput, frameAncestors, messageTargetOrigin, originOf } from '../kit/frame-policy.ts';
import { layout } from '../kit/layout.ts';
import { type PagePolicy, pageResponse, seeOther } from '../kit/page-response.ts';
import { checkoutView, type PageProblem, statusView } from './checkout-view.ts';
import type { EndLink } from './end-links.ts';
import type { PayerEntry } from './payer-form.ts';

/** One payable page: a checkout session on `/checkout/…`, or a payment link's session on `/pay/…`. */
export interface PaymentSurface {
  /** The session shown and paid. */
  readonly session: CheckoutSession;
  /** Its mode. */
  readonly mode: Mode;
  /** The page heading. */
  readonly heading: string;
  /** Form action of Pay. */
  readonly payAction: string;
  /** Form action of Cancel. */
  readonly cancelAction: string;
  /** `embed_origin` as given: present means the page is embedded, so it never redirects the top. */
  readonly embedOrigin: string | null;
  /** Who may frame the page. */
  readonly frame: FramePolicyInput;
  /** Where a successful payment goes (`{CHECKOUT_SESSION_ID}`, `{ORDER_ID}`, `{CUSTOMER_EMAIL}` filled). */
  readonly successUrl: string;
  /** Where a cancel goes (redirect variables filled); `null` shows a page instead. */
  readonly cancelUrl: string | null;
  /** The service's current time. */
  readonly now: string;
  /** The merchant's name, as the end pages show it. */
  readonly merchant: string;
  /** This page's own address (token and `embed_origin` kept): where "Try again" goes after a cancel. */
  readonly retryUrl: string;
  /** A fresh one-time attempt token for each form shown, so a repeated submit is recognised. */
  readonly nextAttempt: () => string;
}

/** The window message a page posts to its parent once on load. */
export type PageMessage = Readonly<Record<string, unknown>>;

const policyOf = (surface: Pick<PaymentSurface, 'frame' | 'successUrl' | 'cancelUrl'>): PagePolicy => {
  const targets = [originOf(surface.successUrl), originOf(surface.cancelUrl)].filter(
    (origin): origin is string => origin !== undefined,
  );
  return { frameAncestors: frameAncestors(surface.frame), formTargets: [...new Set(targets)] };
};

/**
 * The checkout page with its card form (and the payer fields as typed, when the session asks for them);
 * with a problem, the message is shown and `checkout.error` posted.
 */
export function formPage(
  surface: PaymentSurface,
  status = 200,
  problem?: PageProblem,
  payer?: PayerEntry,
): Response {
  const { session } = surface;
  const body = checkoutView({
    session,
    testMode: surface.mode === 'test',
    heading: surface.heading,
    payAction: surface.payAction,
    cancelAction: surface.cancelAction,
    now: surface.now,
    attempt: surface.nextAttempt(),
    payer,
    problem,
  });
  const message =
    problem === undefined
      ? undefined
      : { type: 'checkout.error', checkout_id: session.checkout_id, error: problem };
  const document = layout({
    title: surface.heading,
    body,
    targetOrigin: messageTargetOrigin(surface.embedOrigin, surface.frame),
    message,
  });
  return pageResponse(status, document, policyOf(surface));
}

/** What a one-message page says, and its ways out. */
export interface StateView {
  /** The heading. */
  readonly heading: string;
  /** The message. */
  readonly text: string;
  /** How it reads. */
  readonly tone: 'success' | 'error' | 'info';
  /** Links back to the merchant or to try again. */
  readonly links?: readonly EndLink[];
}

/** A one-message page of a surface (already paid, expired, complete, cancelled), framable like its form. */
export function statePage(
  surface: Pick<PaymentSurface, 'embedOrigin' | 'frame' | 'successUrl' | 'cancelUrl'>,
  status: number,
  view: StateView,
  message?: PageMessage,
): Response {
  const document = layout({
    title: view.heading,
    body: statusView(view.heading, view.text, view.tone, view.links),
    targetOrigin: messageTargetOrigin(surface.embedOrigin, surface.frame),
    message,
  });
  return pageResponse(status, document, policyOf(surface));
}

/**
 * After a successful payment: embedded, a confirmation page that posts `checkout.completed`;
 * otherwise `303` to the success URL with `{CHECKOUT_SESSION_ID}`, `{ORDER_ID}` and `{CUSTOMER_EMAIL}`
 * filled. A trial subscription has no order yet: the page confirms without a message.
 */
export function paidResponse(
  surface: PaymentSurface,
  checkout: CheckoutSession,
  order: Order | null,
): Response {
  if (surface.embedOrigin === null) {
    return seeOther(
      fillRedirectUrl(surface.successUrl, {
        checkoutSessionId: checkout.checkout_id,
        orderId: order?.id ?? null,
        customerEmail: checkout.customer.email,
      }),
    );
  }
  const text =
    order === null ? 'Your subscription has started.' : `Thank you. Your order is ${order.order_number}.`;
  const message =
    order === null
      ? undefined
      : { type: 'checkout.completed', checkout_id: checkout.checkout_id, order_id: order.id };
  return statePage(surface, 200, { heading: 'Payment complete', text, tone: 'success' }, message);
}

/** A redirect URL of `session` with `{CHECKOUT_SESSION_ID}`, `{ORDER_ID}` and `{CUSTOMER_EMAIL}` filled. */
export function fillFor(url: string, session: CheckoutSession, orderId: string | null): string {
  return fillRedirectUrl(url, {
    checkoutSessionId: session.checkout_id,
    orderId,
    customerEmail: session.customer.email,
  });
}

/**
 * After the shopper cancels: embedded, a page that posts `checkout.cancelled`; otherwise `303` to
 * the cancel URL with the redirect variables filled (`{ORDER_ID}` empty), or a page when there is none.
 */
export function cancelledResponse(surface: PaymentSurface): Response {
  const { session } = surface;
  if (surface.embedOrigin === null && surface.cancelUrl !== null) {
    return seeOther(
      fillRedirectUrl(surface.cancelUrl, {
        checkoutSessionId: session.checkout_id,
        orderId: null,
        customerEmail: session.customer.email,
      }),
    );
  }
  const back = surface.cancelUrl ?? surface.successUrl;
  return statePage(
    surface,
    200,
    {
      heading: 'Payment cancelled',
      text: `You left the payment to ${surface.merchant}. Nothing was charged.`,
      tone: 'info',
      links: [
        { href: surface.retryUrl, label: 'Try again', top: false },
        { href: fillFor(back, session, null), label: `Return to ${surface.merchant}`, top: true },
      ],
    },
    { type: 'checkout.cancelled', checkout_id: session.checkout_id },
  );
}
