/** Dashboard pages an action may come back to: the overview, a list, or a detail view by id. */
const RETURNABLE =
  /^\/dashboard(?:\/(?:refunds|disputes|subscriptions|webhook-deliveries|(?:orders|checkouts)\/[A-Za-z0-9_-]{1,255}))?$/;

/**
 * The page an action's form asked to come back to (its `return_to` field), when it is one of the
 * dashboard's own pages; otherwise the overview. Only a path is accepted, never another origin.
 */
export function returnPath(value: string | null): string {
  return value !== null && RETURNABLE.test(value) ? value : '/dashboard';
}
