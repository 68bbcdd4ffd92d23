import { MockServiceError } from '../../core/mock-service-error.ts';
import { createRouter } from '../../http/router.ts';
import { errorPage } from '../kit/error-page.ts';
import { readForm } from '../kit/read-form.ts';
import { staticFileRoutes } from '../kit/route-table.ts';
import type { PageContext } from '../page-context.ts';
import { DASHBOARD_ACTIONS, NOTICES } from './actions.ts';
import { DASHBOARD_ASSETS } from './assets.ts';
import { dashboardAccess } from './auth.ts';
import { takeFlash } from './flash.ts';
import { DASHBOARD_PAGES, dashboardGetPage } from './pages.ts';
import { returnPath } from './return-path.ts';

const notFound = (): Response => errorPage(404, 'Not found', 'The dashboard has no page at this address.');

/** The dashboard's routes: its static files, its form actions (`POST`) and its pages (`GET`, `HEAD`). */
const router = createRouter(
  [...staticFileRoutes(DASHBOARD_ASSETS), ...DASHBOARD_ACTIONS, ...DASHBOARD_PAGES],
  'params',
);

/**
 * The merchant dashboard behind the dashboard token: its pages (`GET`, `?mode=test|live`: the
 * overview, order and checkout session detail views, refunds, disputes, subscriptions, webhook
 * deliveries), its form actions (`POST`) and its static files. A refused action shows the page it came
 * from again with the operation's error message. Another method on an action is `405` (`POST`); on
 * any other address, `405` (`GET, HEAD`).
 */
export async function dashboard(context: PageContext, request: Request, url: URL): Promise<Response> {
  const match = router.match(request.method, url.pathname);
  if (match.kind === 'found' && match.route.kind === 'static') return match.route.answer(request);
  const access = dashboardAccess(request, url, context.dashboardToken);
  if (access.kind === 'answer') return access.response;
  context.engine.runDue();
  if ((match.kind === 'found' || match.kind === 'malformed') && match.route.kind === 'action') {
    const form = await readForm(request);
    if (form === undefined) return errorPage(400, 'Bad request', 'The form could not be read.');
    if (match.kind === 'malformed') return notFound();
    const mode = form.get('mode') === 'live' ? 'live' : 'test';
    try {
      return await match.route.run(context, form, mode, match.params['id'] ?? '');
    } catch (error) {
      if (!(error instanceof MockServiceError)) throw error;
      const query = new URLSearchParams({ mode });
      const notice = { tone: 'error' as const, text: error.message };
      const page = dashboardGetPage(context, {
        pathname: returnPath(form.get('return_to')),
        query,
        notice,
        status: error.status,
      });
      return page ?? notFound();
    }
  }
  if (match.kind === 'method_not_allowed' && match.allowed.includes('POST')) {
    return errorPage(405, 'Method not allowed', 'Dashboard actions answer POST.', {
      allow: match.allowed.join(', '),
    });
  }
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    return errorPage(405, 'Method not allowed', 'Dashboard pages answer GET.', { allow: 'GET, HEAD' });
  }
  const text = NOTICES[url.searchParams.get('notice') ?? ''];
  const notice =
    takeFlash(context, url.searchParams.get('flash')) ??
    (text === undefined ? undefined : { tone: 'success' as const, text });
  return dashboardGetPage(context, { pathname: url.pathname, query: url.searchParams, notice }) ?? notFound();
}
