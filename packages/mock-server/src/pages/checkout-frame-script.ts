/**
 * The hosted pages' only script, served as a static file so the CSP needs no `'unsafe-inline'`. It runs
 * only inside a frame whose page names an exact target origin (`data-glm-target-origin`, computed by the
 * server from D26's rules): it posts the page's message (`data-glm-message`: `checkout.completed`,
 * `checkout.cancelled` or `checkout.error`) once, and `checkout.resize` whenever the content height
 * changes. Self-contained on purpose: it is served as its own source text (`String(checkoutFrameScript)`).
 */
export function checkoutFrameScript(): void {
  const root = document.querySelector<HTMLElement>('[data-glm-target-origin]');
  const target = root?.dataset['glmTargetOrigin'];
  if (root === null || root === undefined || target === undefined || window.parent === window) return;
  const post = (message: unknown): void => window.parent.postMessage(message, target);
  const message = root.dataset['glmMessage'];
  if (message !== undefined) post(JSON.parse(message));
  let last = -1;
  const measure = (): void => {
    const height = Math.ceil(document.body.getBoundingClientRect().height);
    if (height === last) return;
    last = height;
    post({ type: 'checkout.resize', height });
  };
  new ResizeObserver(measure).observe(document.body);
  measure();
}
