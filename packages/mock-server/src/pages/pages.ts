import type { BareRequest } from '../http/journal/journal-entry.ts';
import { createRouter, type Routable } from '../http/router.ts';
import { createAttemptLedger } from './checkout/attempt-ledger.ts';
import { ASSETS } from './kit/assets.ts';
import { errorPage } from './kit/error-page.ts';
import { exactOrigin } from './kit/frame-policy.ts';
import { onMethods, type StaticFileRoute, staticFileRoutes } from './kit/route-table.ts';
import type { PageContext, ShopperVisit } from './page-context.ts';

// The pages' own modules (rendering, forms, the dashboard's views and actions) load on the first request
// of their page: a server answers the API, and starts, without them.
const loadHostedCheckout = async () => (await import('./checkout/hosted-checkout.ts')).hostedCheckout;
const loadPaymentLinkPage = async () => (await import('./checkout/payment-link-page.ts')).paymentLinkPage;
const loadDashboard = async () => (await import('./dashboard/dashboard.ts')).dashboard;

/** Options of the hosted pages and the dashboard, part of `createMockService`'s options. */
export interface PagesOptions {
  /**
   * Origins allowed to embed the hosted checkout in an iframe and receive its messages, exact
   * origins such as `https://shop.example`. The origin of a session's `success_url` is always allowed,
   * and test-mode sessions allow every `http(s)://localhost:*` and `127.0.0.1:*` origin too.
   */
  readonly allowedOrigins?: readonly string[];
  /** The token that opens `/dashboard`. Default: 32 random characters, read from `service.dashboardToken`. */
  readonly dashboardToken?: string;
  /**
   * The merchant's name as the hosted pages show it ("Return to Acme Pharmacy" on a paid, expired or
   * cancelled page). Default: the host of the session's `success_url`.
   */
  readonly merchantName?: string;
}

/** Checks the page options at creation: a malformed origin or empty token is a `TypeError` at once, not a silent refusal later. */
export function resolvePagesOptions(
  options: PagesOptions,
  randomToken: () => string,
): {
  readonly allowedOrigins: readonly string[];
  readonly dashboardToken: string;
  readonly merchantName: string | undefined;
} {
  const allowedOrigins = (options.allowedOrigins ?? []).map((origin) => {
    const exact = exactOrigin(origin);
    if (exact === undefined) {
      throw new TypeError(
        `allowedOrigins: ${JSON.stringify(origin)} is not an exact http(s) origin such as https://shop.example.`,
      );
    }
    return exact;
  });
  const token = options.dashboardToken ?? randomToken();
  if (!/^[\x21-\x7e]{1,256}$/.test(token)) {
    throw new TypeError('dashboardToken must be 1 to 256 visible ASCII characters.');
  }
  const merchantName = options.merchantName?.trim();
  if (merchantName !== undefined && (merchantName.length === 0 || merchantName.length > 100)) {
    throw new TypeError('merchantName must be 1 to 100 characters.');
  }
  return { allowedOrigins, dashboardToken: token, merchantName };
}

/** A route of the hosted pages and the dashboard: what answers a method on a path pattern. */
interface PageRoute extends Routable {
  /** Marks the route as a page's. */
  readonly kind: 'page';
  /** Answers the request, given the path's decoded parameters. */
  readonly answer: (
    context: PageContext,
    request: Request,
    url: URL,
    params: Readonly<Record<string, string>>,
  ) => Promise<Response>;
}

const VIEW = ['GET', 'HEAD'];
const page = (answer: PageRoute['answer']) => ({ kind: 'page' as const, answer });

/** What a shopper page answers: its view, or one of its form actions, for the object of `visit.id`. */
type ShopperPage = (context: PageContext, visit: ShopperVisit) => Promise<Response>;

/**
 * A shopper page at `<base>/:id` (`GET`, `HEAD`) and its form actions `…/pay` and `…/cancel` (`POST`),
 * answered by the page `load` resolves to.
 */
const shopperPage = (base: string, load: () => Promise<ShopperPage>): PageRoute[] => [
  ...onMethods(
    VIEW,
    `${base}/:id`,
    page(async (c, r, u, p) => (await load())(c, { request: r, url: u, id: p['id'] ?? '', action: 'view' })),
  ),
  ...(['pay', 'cancel'] as const).flatMap((action) =>
    onMethods(
      ['POST'],
      `${base}/:id/${action}`,
      page(async (c, r, u, p) => (await load())(c, { request: r, url: u, id: p['id'] ?? '', action })),
    ),
  ),
];

const dashboard: PageRoute['answer'] = async (context, request, url) =>
  (await loadDashboard())(context, request, url);

/**
 * Everything served outside the API: the pages' static files, the hosted checkout (`/checkout/{id}`)
 * and payment link (`/pay/{id}`) pages with their form actions, and the dashboard (`/dashboard`, whose
 * own router reads the rest of the path).
 */
const ROUTES: readonly (PageRoute | StaticFileRoute)[] = [
  ...staticFileRoutes(ASSETS),
  ...shopperPage('/checkout', loadHostedCheckout),
  ...shopperPage('/pay', loadPaymentLinkPage),
  ...onMethods([...VIEW, 'POST'], '/dashboard', page(dashboard)),
  ...onMethods([...VIEW, 'POST'], '/dashboard/*', page(dashboard)),
];

const router = createRouter(ROUTES, 'params');

/**
 * The methods a hosted page, the dashboard or a static asset at `pathname` answers; `undefined` when
 * no page lives there (the path is the API's).
 */
export function pageMethods(pathname: string): readonly string[] | undefined {
  return router.methodsAt(pathname);
}

/**
 * Answers the hosted pages, the dashboard and their static files through the pages' route table;
 * answers `undefined` for every other path (the API's), and for another method than `GET` or `HEAD` on
 * a static file, which the API's pipeline refuses (`405`, with the methods it answers). Never throws: a
 * bug is a plain 500 page.
 */
function createPageHandler(context: PageContext): (request: Request) => Promise<Response | undefined> {
  return async (request) => {
    const url = new URL(request.url);
    const match = router.match(request.method, url.pathname);
    switch (match.kind) {
      case 'not_found':
        return undefined;
      case 'method_not_allowed':
        if (match.route.kind === 'static') return undefined;
        return errorPage(405, 'Method not allowed', `${request.method} is not allowed here.`, {
          allow: match.allowed.join(', '),
        });
      case 'malformed':
        return errorPage(404, 'Not found', 'There is no page at this address.');
      case 'found': {
        const { route, params } = match;
        if (route.kind === 'static') return route.answer(request);
        try {
          const response = await route.answer(context, request, url, params);
          return request.method === 'HEAD' ? new Response(null, response) : response;
        } catch {
          return errorPage(
            500,
            'Something went wrong',
            'The mock server failed unexpectedly; this is a bug.',
          );
        }
      }
    }
  };
}

/**
 * Puts the hosted pages and the dashboard in front of the API handler: one fetch-standard `handle`
 * serves both. Page answers (assets and redirects too) carry an `x-request-id` like every API answer,
 * and are recorded through `record` (the service's request journal) with the same id.
 */
export function withPages(
  api: (request: Request) => Promise<Response>,
  context: Omit<PageContext, 'attempts'>,
  record: (request: BareRequest) => void = () => undefined,
): (request: Request) => Promise<Response> {
  const pages = createPageHandler({ ...context, attempts: createAttemptLedger() });
  return async (request) => {
    const page = await pages(request);
    if (page === undefined) return api(request);
    const requestId = context.engine.requestId();
    const headers = new Headers(page.headers);
    headers.set('x-request-id', requestId);
    const url = new URL(request.url);
    record({
      method: request.method,
      path: url.pathname,
      query: url.search.slice(1),
      status: page.status,
      request_id: requestId,
    });
    return new Response(page.body, { status: page.status, statusText: page.statusText, headers });
  };
}
