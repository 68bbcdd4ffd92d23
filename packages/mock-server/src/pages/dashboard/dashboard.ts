import { MockServiceError } from '../../core/mock-service-error.ts';
import { errorPage } from '../kit/error-page.ts';
import { readForm } from '../kit/read-form.ts';
import { safeDecode } from '../kit/safe-decode.ts';
import type { PageContext } from '../page-context.ts';
import { DASHBOARD_ACTIONS, NOTICES } from './actions.ts';
import { dashboardAsset } from './assets.ts';
import { dashboardAccess } from './auth.ts';
import { takeFlash } from './flash.ts';
import { dashboardGetPage } from './pages.ts';
import { returnPath } from './return-path.ts';

const notFound = (): Response => errorPage(404, 'Not found', 'The dashboard has no page at this address.');

/**
 * The merchant dashboard behind the dashboard token: its pages (`GET`, `?mode=test|live`: the
 * overview, order and checkout session detail views, refunds, disputes, subscriptions, webhook
 * deliveries), its form actions (`POST`) and its static files. A refused action shows the page it came
 * from again with the operation's error message.
 */
export async function dashboard(context: PageContext, request: Request, url: URL): Promise<Response> {
  const asset = dashboardAsset(url.pathname, request.method);
  if (asset !== undefined) return asset;
  const access = dashboardAccess(request, url, context.dashboardToken);
  if (access.kind === 'answer') return access.response;
  context.engine.runDue();
  for (const { pattern, run } of DASHBOARD_ACTIONS) {
    const match = pattern.exec(url.pathname);
    if (match === null) continue;
    if (request.method !== 'POST') {
      return errorPage(405, 'Method not allowed', 'Dashboard actions answer POST.', { allow: 'POST' });
    }
    const form = await readForm(request);
    if (form === undefined) return errorPage(400, 'Bad request', 'The form could not be read.');
    const id = safeDecode(match[1] ?? '');
    if (id === undefined) return notFound();
    try {
      return await run(context, form, form.get('mode') === 'live' ? 'live' : 'test', id);
    } catch (error) {
      if (!(error instanceof MockServiceError)) throw error;
      const query = new URLSearchParams({ mode: form.get('mode') === 'live' ? 'live' : 'test' });
      const page = dashboardGetPage(
        context,
        returnPath(form.get('return_to')),
        query,
        {
          tone: 'error',
          text: error.message,
        },
        error.status,
      );
      return page ?? notFound();
    }
  }
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    return errorPage(405, 'Method not allowed', 'Dashboard pages answer GET.', { allow: 'GET, HEAD' });
  }
  const text = NOTICES[url.searchParams.get('notice') ?? ''];
  const notice =
    takeFlash(context, url.searchParams.get('flash')) ??
    (text === undefined ? undefined : { tone: 'success' as const, text });
  return dashboardGetPage(context, url.pathname, url.searchParams, notice) ?? notFound();
}
