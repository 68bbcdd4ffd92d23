import { type Mode, WebhookDeliveryStatus } from '@glm/domain';
import { createRouter, type Routable } from '../../http/router.ts';
import { type Html, html } from '../kit/html.ts';
import { onMethods } from '../kit/route-table.ts';
import { findInEitherMode, type PageContext } from '../page-context.ts';
import { type DashboardNotice, dashboardPage } from './shell.ts';
import { checkoutDetailView } from './views/checkout-view.ts';
import { coverageView } from './views/coverage-view.ts';
import { deliveriesView } from './views/deliveries-view.ts';
import { disputesView } from './views/disputes-view.ts';
import { orderDetailView } from './views/order-view.ts';
import { dashboardView } from './views/overview.ts';
import { refundsView } from './views/refunds-view.ts';
import { requestsView } from './views/requests-view.ts';
import { subscriptionsView } from './views/subscriptions-view.ts';

/** A dashboard mode from the `mode` query parameter (test unless it says live). */
const modeOf = (value: string | null): Mode => (value === 'live' ? 'live' : 'test');

interface View {
  readonly title: string;
  readonly body: Html;
  readonly mode?: Mode;
  readonly section?: string;
  readonly status?: number;
  readonly notice?: DashboardNotice;
}

type Render = (context: PageContext, mode: Mode, query: URLSearchParams, id: string) => View;

const missing = (noun: string, id: string): View => ({
  title: `No such ${noun}`,
  status: 404,
  body: html`<p class="alert error" role="alert">There is no ${noun} ${id} in test or live mode. <a href="/dashboard">Back to the overview</a>.</p>`,
});

/** A dashboard page: a `GET` (or `HEAD`) of its path renders it with the path's `:id`. */
export interface PageRoute extends Routable {
  /** Marks the route as a page's. */
  readonly kind: 'page';
  /** Renders the page. */
  readonly render: Render;
  /** Whether an action's form may come back to the page (its `return_to`). */
  readonly returnable: boolean;
}

/** A page's definition: how it renders, and whether its forms come back to it (default: no). */
interface ViewDefinition {
  readonly render: Render;
  readonly returnable?: boolean;
}

const view = (paths: readonly string[], { render, returnable = false }: ViewDefinition): PageRoute[] =>
  paths.flatMap((path) => onMethods(['GET', 'HEAD'], path, { kind: 'page' as const, render, returnable }));

/** The dashboard's pages, by path. */
export const DASHBOARD_PAGES: readonly PageRoute[] = [
  ...view(['/dashboard', '/dashboard/'], {
    returnable: true,
    render(context, mode, query) {
      const type = query.get('event_type') ?? '';
      return {
        title: 'Overview',
        section: '/dashboard',
        body: dashboardView({ context, mode, eventType: type === '' ? undefined : type }),
      };
    },
  }),
  ...view(['/dashboard/orders/:id'], {
    returnable: true,
    render(context, _mode, _query, id) {
      const found = findInEitherMode(context, (state) => state.orders.get(id));
      if (found === undefined) return missing('order', id);
      return {
        title: `Order ${found.found.order_number}`,
        mode: found.mode,
        body: orderDetailView(context.engine, found.mode, found.found),
      };
    },
  }),
  ...view(['/dashboard/checkouts/:id'], {
    returnable: true,
    render(context, _mode, _query, id) {
      const found = findInEitherMode(context, (state) => state.checkouts.get(id));
      if (found === undefined) return missing('checkout session', id);
      return {
        title: `Checkout session ${found.found.session.reference_id}`,
        mode: found.mode,
        body: checkoutDetailView(context.engine, found.mode, found.found),
      };
    },
  }),
  ...view(['/dashboard/refunds'], {
    returnable: true,
    render: (context, mode) => ({
      title: 'Refunds',
      section: '/dashboard/refunds',
      body: refundsView(context.engine, mode),
    }),
  }),
  ...view(['/dashboard/disputes'], {
    returnable: true,
    render: (context, mode) => ({
      title: 'Disputes',
      section: '/dashboard/disputes',
      body: disputesView(context.engine, mode),
    }),
  }),
  ...view(['/dashboard/subscriptions'], {
    returnable: true,
    render: (context, mode) => ({
      title: 'Subscriptions',
      section: '/dashboard/subscriptions',
      body: subscriptionsView(context.engine, mode),
    }),
  }),
  ...view(['/dashboard/requests'], {
    returnable: true,
    render: (context, mode) => ({
      title: 'Requests and faults',
      section: '/dashboard/requests',
      body: requestsView(context, mode),
    }),
  }),
  ...view(['/dashboard/coverage'], {
    render: (context) => ({
      title: 'Coverage',
      section: '/dashboard/coverage',
      body: coverageView(context.coverage()),
    }),
  }),
  ...view(['/dashboard/webhook-deliveries'], {
    returnable: true,
    render(context, mode, query) {
      const given = query.get('status') ?? '';
      const parsed = WebhookDeliveryStatus.safeParse(given);
      const bad = given !== '' && !parsed.success;
      return {
        title: 'Webhook deliveries',
        section: '/dashboard/webhook-deliveries',
        body: deliveriesView(context.engine, mode, parsed.success ? parsed.data : undefined),
        ...(bad
          ? {
              status: 400,
              notice: {
                tone: 'error',
                text: `There is no delivery status “${given}”: choose pending, delivered or failed. All deliveries are shown.`,
              },
            }
          : {}),
      };
    },
  }),
];

const pages = createRouter(DASHBOARD_PAGES, 'params');

/** A dashboard page asked for: its path and query, and the notice and status of a refused action. */
interface DashboardGet {
  readonly pathname: string;
  readonly query: URLSearchParams;
  readonly notice?: DashboardNotice | undefined;
  readonly status?: number | undefined;
}

/**
 * Answers a dashboard page (`GET`), or `undefined` when no page has this path. `notice` and `status`
 * come from an action that was refused and shows the page again with its message.
 */
export function dashboardGetPage(context: PageContext, asked: DashboardGet): Response | undefined {
  const { pathname, query, notice, status } = asked;
  const match = pages.match('GET', pathname);
  if (match.kind !== 'found') return undefined;
  const view = match.route.render(context, modeOf(query.get('mode')), query, match.params['id'] ?? '');
  return dashboardPage({
    title: view.title,
    mode: view.mode ?? modeOf(query.get('mode')),
    path: pathname,
    section: view.section,
    body: view.body,
    notice: notice ?? view.notice,
    status: status ?? view.status ?? 200,
    merchant: context.merchants.current(),
    merchants: context.merchants.list(),
  });
}
