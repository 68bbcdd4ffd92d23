import { type CheckoutHandlers, listenToCheckout } from './listen-to-checkout.ts';

/** Options of {@link mountCheckout}: the message callbacks plus presentation. */
export interface MountCheckoutOptions extends CheckoutHandlers {
  /** The iframe's accessible title. Default `Secure checkout`. */
  readonly title?: string;
  /** Receives setup warnings (such as a host page not served over HTTPS). Nothing is logged otherwise. */
  readonly onWarning?: (message: string) => void;
  /**
   * How long to wait for the checkout's first message before `onError` reports
   * `checkout_load_timeout` (the frame was refused, for example by a wrong token, a wrong origin or
   * the network). Default 15 000 ms; `0` never times out.
   */
  readonly loadTimeoutMs?: number;
}

/** What {@link mountCheckout} created. */
export interface MountedCheckout {
  /** The checkout iframe, already in the container. */
  readonly iframe: HTMLIFrameElement;
  /** Stops listening and removes the iframe. */
  destroy(): void;
}

/**
 * Shows a hosted checkout in an iframe inside `container`: `allow="payment"`, an accessible title,
 * `embed_origin=<this page's origin>` added to the URL (the origin the hosted page posts its messages
 * to), and the height kept in step with the page's `checkout.resize` messages. Messages are accepted only from the checkout URL's origin and the
 * iframe's window. When the checkout page reports nothing within `loadTimeoutMs` (a frame that never
 * loads shows nothing and posts nothing), `onError` receives a `checkout.error` with code
 * `checkout_load_timeout`, so the page is never left with a silent blank frame. Warns through `onWarning` when this page is not on HTTPS (localhost excepted):
 * browsers refuse card payment in an insecure context.
 *
 * @example
 * const { destroy } = mountCheckout(document.querySelector('#checkout')!, session.checkout_url, {
 *   onCompleted: ({ order_id }) => location.assign(`/thanks?order=${order_id}`),
 * });
 */
export function mountCheckout(
  container: Element,
  checkoutUrl: string,
  options: MountCheckoutOptions = {},
): MountedCheckout {
  const url = new URL(checkoutUrl);
  const host = location;
  if (host.protocol !== 'https:' && !/^(localhost|127\.0\.0\.1|\[::1\])$/.test(host.hostname)) {
    options.onWarning?.(
      `The page embedding the checkout is not served over HTTPS (${host.origin}); payment will fail.`,
    );
  }
  url.searchParams.set('embed_origin', host.origin);
  const iframe = container.ownerDocument.createElement('iframe');
  iframe.src = url.href;
  iframe.title = options.title ?? 'Secure checkout';
  iframe.setAttribute('allow', 'payment');
  iframe.style.cssText = 'width:100%;border:0';
  let timer: ReturnType<typeof setTimeout> | undefined;
  const heard =
    <T>(handler?: (message: T) => void) =>
    (message: T) => {
      clearTimeout(timer);
      handler?.(message);
    };
  const stop = listenToCheckout({
    ...options,
    checkoutOrigin: url.origin,
    iframe,
    onCompleted: heard(options.onCompleted),
    onCancelled: heard(options.onCancelled),
    onError: heard(options.onError),
    onResize: heard((message) => {
      iframe.style.height = `${Math.ceil(message.height)}px`;
      options.onResize?.(message);
    }),
  });
  const wait = options.loadTimeoutMs ?? 15_000;
  if (wait > 0) {
    timer = setTimeout(() => {
      options.onError?.({
        type: 'checkout.error',
        checkout_id: url.pathname.split('/').pop() ?? '',
        error: { code: 'checkout_load_timeout', message: 'The checkout did not load.' },
      });
    }, wait);
  }
  container.append(iframe);
  return {
    iframe,
    destroy: () => {
      clearTimeout(timer);
      stop();
      iframe.remove();
    },
  };
}
