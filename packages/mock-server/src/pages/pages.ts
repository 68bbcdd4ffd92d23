import type { JournalEntry } from '../http/journal/request-journal.ts';
import { createAttemptLedger } from './checkout/attempt-ledger.ts';
import { hostedCheckout } from './checkout/hosted-checkout.ts';
import { paymentLinkPage } from './checkout/payment-link-page.ts';
import { dashboard } from './dashboard/dashboard.ts';
import { ASSETS, assetResponse } from './kit/assets.ts';
import { errorPage } from './kit/error-page.ts';
import { exactOrigin } from './kit/frame-policy.ts';
import { safeDecode } from './kit/safe-decode.ts';
import type { PageContext } from './page-context.ts';

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

type PageRoute = {
  readonly pattern: RegExp;
  readonly methods: readonly string[];
  readonly answer: (context: PageContext, request: Request, url: URL, id: string) => Promise<Response>;
};

const ROUTES: readonly PageRoute[] = [
  {
    pattern: /^\/checkout\/([^/]+)$/,
    methods: ['GET', 'HEAD'],
    answer: (c, r, u, id) => hostedCheckout(c, r, u, id, 'view'),
  },
  {
    pattern: /^\/checkout\/([^/]+)\/pay$/,
    methods: ['POST'],
    answer: (c, r, u, id) => hostedCheckout(c, r, u, id, 'pay'),
  },
  {
    pattern: /^\/checkout\/([^/]+)\/cancel$/,
    methods: ['POST'],
    answer: (c, r, u, id) => hostedCheckout(c, r, u, id, 'cancel'),
  },
  {
    pattern: /^\/pay\/([^/]+)$/,
    methods: ['GET', 'HEAD'],
    answer: (c, r, u, id) => paymentLinkPage(c, r, u, id, 'view'),
  },
  {
    pattern: /^\/pay\/([^/]+)\/pay$/,
    methods: ['POST'],
    answer: (c, r, u, id) => paymentLinkPage(c, r, u, id, 'pay'),
  },
  {
    pattern: /^\/pay\/([^/]+)\/cancel$/,
    methods: ['POST'],
    answer: (c, r, u, id) => paymentLinkPage(c, r, u, id, 'cancel'),
  },
  {
    pattern: /^\/dashboard(?:\/.*)?$/,
    methods: ['GET', 'HEAD', 'POST'],
    answer: (c, r, u) => dashboard(c, r, u),
  },
];

/**
 * The methods a hosted page, the dashboard or a static asset at `pathname` answers; `undefined` when
 * no page lives there (the path is the API's).
 */
export function pageMethods(pathname: string): readonly string[] | undefined {
  if (ASSETS.has(pathname)) return ['GET', 'HEAD'];
  return ROUTES.find((route) => route.pattern.test(pathname))?.methods;
}

/**
 * Answers the hosted pages (`/checkout/{id}`, `/pay/{id}`), the dashboard (`/dashboard`) and their static
 * assets; answers `undefined` for every other path (the API's). Never throws: a bug is a plain 500 page.
 */
function createPageHandler(context: PageContext): (request: Request) => Promise<Response | undefined> {
  return async (request) => {
    const url = new URL(request.url);
    const asset =
      request.method === 'GET' || request.method === 'HEAD'
        ? assetResponse(url.pathname, request.method)
        : undefined;
    if (asset !== undefined) return asset;
    for (const route of ROUTES) {
      const match = route.pattern.exec(url.pathname);
      if (match === null) continue;
      if (!route.methods.includes(request.method)) {
        return errorPage(405, 'Method not allowed', `${request.method} is not allowed here.`, {
          allow: route.methods.join(', '),
        });
      }
      const id = safeDecode(match[1] ?? '');
      if (id === undefined) return errorPage(404, 'Not found', 'There is no page at this address.');
      try {
        const response = await route.answer(context, request, url, id);
        return request.method === 'HEAD' ? new Response(null, response) : response;
      } catch {
        return errorPage(500, 'Something went wrong', 'The mock server failed unexpectedly; this is a bug.');
      }
    }
    return undefined;
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
  record: (entry: JournalEntry) => void = () => undefined,
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
      time: context.engine.clockNow().toISOString(),
    });
    return new Response(page.body, { status: page.status, statusText: page.statusText, headers });
  };
}
