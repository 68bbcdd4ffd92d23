/**
 * Whether a form POST comes from a page of this server: its `Origin` names this host, or, when the
 * browser withholds the origin (`null`, or none), its `Sec-Fetch-Site` says `same-origin`, which a page
 * cannot forge. Anything else may be a cross-site forgery.
 */
export function isSameOrigin(request: Request, url: URL): boolean {
  const origin = request.headers.get('origin');
  const host = request.headers.get('host') ?? url.host;
  let fromHere = false;
  try {
    fromHere = origin !== null && origin !== 'null' && new URL(origin).host === host;
  } catch {
    fromHere = false;
  }
  // A browser that withholds the origin (`null`) still says where the request came from, unforgeably.
  if (!fromHere && (origin === null || origin === 'null')) {
    fromHere = request.headers.get('sec-fetch-site') === 'same-origin';
  }
  return fromHere;
}
