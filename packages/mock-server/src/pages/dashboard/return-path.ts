import { DASHBOARD_PAGES } from './pages.ts';

/** What a path's `:id` may be in a return path: the characters of the service's ids. */
const ID_PATTERN = '[A-Za-z0-9_-]{1,255}';

/** A page path as a pattern: literal segments escaped, each `:name` an id. */
const patternOf = (path: string): string =>
  path
    .split('/')
    .map((segment) =>
      segment.startsWith(':') ? ID_PATTERN : segment.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&'),
    )
    .join('\\/');

/**
 * Dashboard pages an action may come back to: the pages marked returnable (the overview, the lists, the
 * detail views by id). An alias ending in `/` (the overview's `/dashboard/`) is left out: a form comes back
 * to the page's own path.
 */
const RETURNABLE = new RegExp(
  `^(?:${[
    ...new Set(
      DASHBOARD_PAGES.filter((page) => page.returnable && !page.path.endsWith('/')).map((page) =>
        patternOf(page.path),
      ),
    ),
  ].join('|')})$`,
);

/**
 * The page an action's form asked to come back to (its `return_to` field), when it is one of the
 * dashboard's own pages; otherwise the overview. Only a path is accepted, never another origin.
 */
export function returnPath(value: string | null): string {
  return value !== null && RETURNABLE.test(value) ? value : '/dashboard';
}
