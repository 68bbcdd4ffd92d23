/** The dashboard's cookie that remembers which merchant it shows. */
export const DASHBOARD_MERCHANT_COOKIE = 'glm_dashboard_merchant';

/** The object a hosted page shows, read from its path: a checkout session or a payment link. */
export interface PageObject {
  /** `checkout` (`/checkout/{id}…`) or `payment_link` (`/pay/{id}…`). */
  readonly kind: 'checkout' | 'payment_link';
  /** The object's id as the path has it. */
  readonly id: string;
}

/** The object of a hosted page's path (its view or a form action); `undefined` for any other path. */
export function objectIdOfPage(pathname: string): PageObject | undefined {
  const [, base, id] = pathname.split('/');
  if (id === undefined || id === '') return undefined;
  if (base === 'checkout') return { kind: 'checkout', id };
  if (base === 'pay') return { kind: 'payment_link', id };
  return undefined;
}

const cookieOf = (header: string | null, name: string): string | undefined => {
  for (const part of (header ?? '').split(';')) {
    const [key, value] = part.trim().split('=');
    if (key === name) return value;
  }
  return undefined;
};

/** Whether a path is the dashboard's. */
export const isDashboard = (url: URL): boolean =>
  url.pathname === '/dashboard' || url.pathname.startsWith('/dashboard/');

/**
 * The merchant a dashboard request asks for: the `merchant` query parameter (the switcher's link), else
 * the cookie it left; `undefined` outside the dashboard or when none is chosen.
 */
export function dashboardMerchantOf(url: URL, cookie: string | null): string | undefined {
  if (!isDashboard(url)) return undefined;
  return url.searchParams.get('merchant') ?? cookieOf(cookie, DASHBOARD_MERCHANT_COOKIE);
}
