import { constantTimeEqual } from '../../core/keys/constant-time-equal.ts';
import { readCookie } from '../kit/cookies.ts';
import { errorPage } from '../kit/error-page.ts';
import { seeOther } from '../kit/page-response.ts';
import { isSameOrigin } from '../kit/same-origin.ts';

/** The dashboard session cookie: the token itself, HttpOnly, SameSite=Strict, limited to `/dashboard`. */
const DASHBOARD_COOKIE = 'glm_dashboard';

/** Whether the request may use the dashboard, or the answer that refuses it (or logs it in). */
export type DashboardAccess =
  | { readonly kind: 'granted' }
  | { readonly kind: 'answer'; readonly response: Response };

const encoder = new TextEncoder();
const same = (a: string, b: string): boolean => constantTimeEqual(encoder.encode(a), encoder.encode(b));

const denied = (): Response =>
  errorPage(
    403,
    'Dashboard token required',
    'Open the dashboard address that glm-mock printed (it ends in ?token=…), or pass the token you configured.',
  );

/**
 * The dashboard's guard. `GET …?token=T` with the right token sets the cookie and redirects to the
 * same address without the token (so it leaves the address bar and history); after that the cookie
 * admits every page. A form POST must also come from the dashboard's own origin (its `Origin` header
 * names this host, or, when a browser sends `Origin: null`, `Sec-Fetch-Site: same-origin`): other local
 * ports are the same site, so SameSite alone would not stop them.
 */
export function dashboardAccess(request: Request, url: URL, token: string): DashboardAccess {
  const given = url.searchParams.get('token');
  if (given !== null) {
    if (request.method !== 'GET' || !same(given, token)) return { kind: 'answer', response: denied() };
    const clean = new URL(url);
    clean.searchParams.delete('token');
    const secure = url.protocol === 'https:' ? '; Secure' : '';
    const cookie = `${DASHBOARD_COOKIE}=${encodeURIComponent(token)}; Path=/dashboard; HttpOnly; SameSite=Strict${secure}`;
    return {
      kind: 'answer',
      response: seeOther(`${clean.pathname}${clean.search}`, { 'set-cookie': cookie }),
    };
  }
  const cookie = readCookie(request, DASHBOARD_COOKIE);
  if (cookie === undefined || !same(cookie, token)) return { kind: 'answer', response: denied() };
  if (request.method === 'POST' && !isSameOrigin(request, url)) {
    return {
      kind: 'answer',
      response: errorPage(
        403,
        'Request refused',
        'Dashboard forms are accepted only from the dashboard itself.',
      ),
    };
  }
  return { kind: 'granted' };
}
