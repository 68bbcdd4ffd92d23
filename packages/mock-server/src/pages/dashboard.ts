import type { ApiKeyWithKey, Mode } from '@glm/domain';
import { parseDuration } from '../service/duration.ts';
import type { Engine } from '../service/engine.ts';
import { MockServiceError } from '../service/mock-service-error.ts';
import { dashboardAccess } from './dashboard-auth.ts';
import { type DashboardNotice, dashboardView } from './dashboard-view.ts';
import { errorPage } from './error-page.ts';
import { layout } from './layout.ts';
import type { PageContext } from './page-context.ts';
import { DASHBOARD_POLICY, pageResponse, seeOther } from './page-response.ts';
import { readForm } from './read-form.ts';
import { safeDecode } from './safe-decode.ts';

/** Fixed texts of the notices after a redirect (only a code travels in the address, never text). */
const NOTICES: Readonly<Record<string, string>> = {
  key_revoked: 'The key is revoked: the API refuses it from the next request on.',
  endpoint_deleted: 'The endpoint is deleted: it receives nothing more.',
  delivery_resent: 'The delivery was sent again; its new attempt is listed below.',
  webhooks_flushed: 'Every due webhook delivery was attempted.',
  clock_advanced: 'The clock moved forward; everything due happened, and due webhooks were attempted.',
};

const modeOf = (value: string | null): Mode => (value === 'live' ? 'live' : 'test');

function render(
  context: PageContext,
  mode: Mode,
  eventType: string | undefined,
  status: number,
  notice?: DashboardNotice,
): Response {
  const body = dashboardView({ context, mode, eventType, notice });
  return pageResponse(status, layout({ title: 'glm-mock dashboard', body, wide: true }), DASHBOARD_POLICY);
}

const back = (mode: Mode, notice: keyof typeof NOTICES): Response =>
  seeOther(`/dashboard?${new URLSearchParams({ mode, notice })}`);

/** Notices that carry a secret wait here for the one GET that shows them (post, redirect, get: a reload never re-posts). */
const flashes = new WeakMap<Engine, Map<string, DashboardNotice>>();
const MAX_FLASHES = 20;

function flash(context: PageContext, mode: Mode, notice: DashboardNotice): Response {
  let pending = flashes.get(context.engine);
  if (pending === undefined) {
    pending = new Map();
    flashes.set(context.engine, pending);
  }
  const id = context.engine.token(24);
  pending.set(id, notice);
  for (const oldest of pending.keys()) {
    if (pending.size <= MAX_FLASHES) break;
    pending.delete(oldest);
  }
  return seeOther(`/dashboard?${new URLSearchParams({ mode, flash: id })}`);
}

function takeFlash(context: PageContext, id: string | null): DashboardNotice | undefined {
  if (id === null) return undefined;
  const pending = flashes.get(context.engine);
  const notice = pending?.get(id);
  pending?.delete(id);
  return notice;
}

type Action = (context: PageContext, form: URLSearchParams, mode: Mode, id: string) => Promise<Response>;

/** The dashboard's form actions. Each runs the D28 admin route of the same operation through the route invoker. */
const ACTIONS: readonly { readonly pattern: RegExp; readonly run: Action }[] = [
  {
    pattern: /^\/dashboard\/api-keys$/,
    async run(context, form, mode) {
      const created = await context.invoke<ApiKeyWithKey>(
        'POST',
        '/test_helpers/api_keys',
        { mode: modeOf(form.get('key_mode')), name: form.get('name') ?? '' },
        mode,
      );
      return flash(context, mode, {
        tone: 'success',
        text: `Key “${created.name}” created (${created.mode} mode).`,
        secret: { label: 'API key', value: created.key },
      });
    },
  },
  {
    pattern: /^\/dashboard\/api-keys\/([^/]+)\/revoke$/,
    async run(context, _form, mode, id) {
      await context.invoke('DELETE', `/test_helpers/api_keys/${encodeURIComponent(id)}`, undefined, mode);
      return back(mode, 'key_revoked');
    },
  },
  {
    pattern: /^\/dashboard\/webhook-endpoints$/,
    async run(context, form, mode) {
      const description = form.get('description') ?? '';
      const created = await context.invoke<{ id: string; url: string; secret: string }>(
        'POST',
        '/test_helpers/webhook_endpoints',
        {
          url: form.get('url') ?? '',
          events: form.getAll('events'),
          ...(description === '' ? {} : { description }),
        },
        mode,
      );
      return flash(context, mode, {
        tone: 'success',
        text: `Endpoint ${created.url} registered (${created.id}).`,
        secret: { label: 'Signing secret', value: created.secret },
      });
    },
  },
  {
    pattern: /^\/dashboard\/webhook-endpoints\/([^/]+)\/delete$/,
    async run(context, _form, mode, id) {
      await context.invoke(
        'DELETE',
        `/test_helpers/webhook_endpoints/${encodeURIComponent(id)}`,
        undefined,
        mode,
      );
      return back(mode, 'endpoint_deleted');
    },
  },
  {
    pattern: /^\/dashboard\/webhook-deliveries\/([^/]+)\/resend$/,
    async run(context, _form, mode, id) {
      await context.invoke(
        'POST',
        `/test_helpers/webhook_deliveries/${encodeURIComponent(id)}/resend`,
        {},
        mode,
      );
      return back(mode, 'delivery_resent');
    },
  },
  {
    pattern: /^\/dashboard\/webhooks\/flush$/,
    async run(context, _form, mode) {
      await context.invoke('POST', '/test_helpers/webhooks/flush', {}, mode);
      return back(mode, 'webhooks_flushed');
    },
  },
  {
    pattern: /^\/dashboard\/clock\/advance$/,
    async run(context, form, mode) {
      const ms = parseDuration(form.get('duration') ?? '');
      if (ms === undefined) {
        return render(context, mode, undefined, 400, {
          tone: 'error',
          text: 'Write the duration as 30s, 15m, 24h or 2d.',
        });
      }
      await context.invoke('POST', '/test_helpers/clock/advance', { seconds: Math.ceil(ms / 1000) }, mode);
      // Retries that fell due are attempted now, as the standalone server's timer would do a moment later.
      await context.invoke('POST', '/test_helpers/webhooks/flush', {}, mode);
      return back(mode, 'clock_advanced');
    },
  },
];

/**
 * The merchant dashboard (D29) behind the dashboard token: `GET /dashboard` (`?mode=test|live`,
 * `?event_type=`) and its form actions. A refused action shows the route's error message.
 */
export async function dashboard(context: PageContext, request: Request, url: URL): Promise<Response> {
  const access = dashboardAccess(request, url, context.dashboardToken);
  if (access.kind === 'answer') return access.response;
  context.engine.runDue();
  if (url.pathname === '/dashboard' || url.pathname === '/dashboard/') {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return errorPage(405, 'Method not allowed', 'The dashboard page answers GET.', { allow: 'GET, HEAD' });
    }
    const mode = modeOf(url.searchParams.get('mode'));
    const type = url.searchParams.get('event_type') ?? '';
    const text = NOTICES[url.searchParams.get('notice') ?? ''];
    const notice =
      takeFlash(context, url.searchParams.get('flash')) ??
      (text === undefined ? undefined : { tone: 'success' as const, text });
    return render(context, mode, type === '' ? undefined : type, 200, notice);
  }
  for (const { pattern, run } of ACTIONS) {
    const match = pattern.exec(url.pathname);
    if (match === null) continue;
    if (request.method !== 'POST') {
      return errorPage(405, 'Method not allowed', 'Dashboard actions answer POST.', { allow: 'POST' });
    }
    const form = await readForm(request);
    if (form === undefined) return errorPage(400, 'Bad request', 'The form could not be read.');
    const mode = modeOf(form.get('mode'));
    const id = safeDecode(match[1] ?? '');
    if (id === undefined) return errorPage(404, 'Not found', 'The dashboard has no page at this address.');
    try {
      return await run(context, form, mode, id);
    } catch (error) {
      if (!(error instanceof MockServiceError)) throw error;
      return render(context, mode, undefined, error.status, { tone: 'error', text: error.message });
    }
  }
  return errorPage(404, 'Not found', 'The dashboard has no page at this address.');
}
