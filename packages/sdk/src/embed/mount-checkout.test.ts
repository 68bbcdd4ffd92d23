// @vitest-environment happy-dom
import { afterEach, expect, test, vi } from 'vitest';
import { mountCheckout } from './mount-checkout.ts';

const checkoutUrl = 'https://checkout.example.com/checkout/cs_1?token=tok_1';

interface HappyDomControl {
  readonly happyDOM: {
    setURL(url: string): void;
    readonly settings: {
      enableIframePageLoading: boolean;
      readonly fetch: { interceptor: unknown };
    };
  };
}
const happyDom = (window as unknown as HappyDomControl).happyDOM;

// The iframe loads a blank page from this interceptor instead of the network, so it gets a real
// (cross-origin) window to post from and the tests see the URL it requested.
const loaded: string[] = [];
happyDom.settings.enableIframePageLoading = true;
happyDom.settings.fetch.interceptor = {
  beforeAsyncRequest: async ({ request, window: frame }: { request: Request; window: typeof window }) => {
    loaded.push(request.url);
    return new frame.Response('<!doctype html><title>checkout</title>', {
      headers: { 'content-type': 'text/html' },
    });
  },
};

function setPageUrl(url: string): void {
  happyDom.setURL(url);
}

function attachWindow(iframe: HTMLIFrameElement): Window {
  if (iframe.contentWindow === null) throw new Error('the iframe has no window');
  return iframe.contentWindow;
}

afterEach(() => {
  document.body.replaceChildren();
  setPageUrl('http://localhost:3000/');
});

test('the iframe is mounted with allow="payment", a title and the checkout URL plus embed_origin', () => {
  setPageUrl('https://shop.example.com/cart');
  const container = document.createElement('div');
  document.body.append(container);
  const { iframe } = mountCheckout(container, checkoutUrl, { title: 'Pay with HSA/FSA' });
  expect(container.firstElementChild).toBe(iframe);
  expect(iframe.getAttribute('allow')).toBe('payment');
  expect(iframe.title).toBe('Pay with HSA/FSA');
  const src = new URL(iframe.src);
  expect(src.origin + src.pathname).toBe('https://checkout.example.com/checkout/cs_1');
  expect(src.searchParams.get('token')).toBe('tok_1');
  expect(src.searchParams.get('embed_origin')).toBe('https://shop.example.com');
  expect(loaded.at(-1)).toBe(iframe.src);
});

test('the iframe has an accessible default title', () => {
  const { iframe } = mountCheckout(document.body, checkoutUrl);
  expect(iframe.title).toBe('Secure checkout');
});

test('a checkout.resize message from the iframe sets its height', () => {
  const onResize = vi.fn();
  const { iframe, destroy } = mountCheckout(document.body, checkoutUrl, { onResize });
  const source = attachWindow(iframe);
  window.dispatchEvent(
    new MessageEvent('message', {
      data: { type: 'checkout.resize', height: 612.4 },
      origin: 'https://checkout.example.com',
      source,
    }),
  );
  destroy();
  expect(iframe.style.height).toBe('613px');
  expect(onResize).toHaveBeenCalledOnce();
});

test('a resize message from another window or origin leaves the height alone', () => {
  const { iframe, destroy } = mountCheckout(document.body, checkoutUrl);
  const source = attachWindow(iframe);
  const data = { type: 'checkout.resize', height: 900 };
  window.dispatchEvent(
    new MessageEvent('message', { data, origin: 'https://checkout.example.com', source: window }),
  );
  window.dispatchEvent(new MessageEvent('message', { data, origin: 'https://evil.example.com', source }));
  destroy();
  expect(iframe.style.height).toBe('');
});

test('the checkout origin is taken from the URL, so completion from that origin is delivered', () => {
  const onCompleted = vi.fn();
  const { iframe, destroy } = mountCheckout(document.body, checkoutUrl, { onCompleted });
  const source = attachWindow(iframe);
  const data = { type: 'checkout.completed', checkout_id: 'cs_1', order_id: 'ord_1' };
  window.dispatchEvent(new MessageEvent('message', { data, origin: 'https://checkout.example.com', source }));
  destroy();
  expect(onCompleted).toHaveBeenCalledExactlyOnceWith(data);
});

test('destroy removes the iframe and stops listening', () => {
  const onCompleted = vi.fn();
  const { iframe, destroy } = mountCheckout(document.body, checkoutUrl, { onCompleted });
  const source = attachWindow(iframe);
  destroy();
  const data = { type: 'checkout.completed', checkout_id: 'cs_1', order_id: 'ord_1' };
  window.dispatchEvent(new MessageEvent('message', { data, origin: 'https://checkout.example.com', source }));
  expect(iframe.isConnected).toBe(false);
  expect(onCompleted).not.toHaveBeenCalled();
});

test('a host page on plain http warns through onWarning, localhost and https do not', () => {
  const onWarning = vi.fn();
  for (const page of [
    'http://shop.example.com/',
    'https://shop.example.com/',
    'http://localhost:5173/',
    'http://127.0.0.1/',
  ]) {
    setPageUrl(page);
    mountCheckout(document.body, checkoutUrl, { onWarning }).destroy();
  }
  expect(onWarning).toHaveBeenCalledOnce();
  expect(onWarning.mock.calls[0]?.[0]).toContain('http://shop.example.com');
});

test('a checkout that posts nothing within loadTimeoutMs reaches onError as checkout_load_timeout', async () => {
  const onError = vi.fn();
  const { destroy } = mountCheckout(document.body, checkoutUrl, { onError, loadTimeoutMs: 20 });
  await new Promise((resolve) => setTimeout(resolve, 60));
  destroy();
  expect(onError).toHaveBeenCalledExactlyOnceWith({
    type: 'checkout.error',
    checkout_id: 'cs_1',
    error: { code: 'checkout_load_timeout', message: 'The checkout did not load.' },
  });
});

test('a checkout that answers in time, or a mount destroyed before, never times out', async () => {
  const onError = vi.fn();
  const { iframe, destroy } = mountCheckout(document.body, checkoutUrl, { onError, loadTimeoutMs: 20 });
  const data = { type: 'checkout.resize', height: 400 };
  window.dispatchEvent(
    new MessageEvent('message', {
      data,
      origin: 'https://checkout.example.com',
      source: attachWindow(iframe),
    }),
  );
  mountCheckout(document.body, checkoutUrl, { onError, loadTimeoutMs: 20 }).destroy();
  await new Promise((resolve) => setTimeout(resolve, 60));
  destroy();
  expect(onError).not.toHaveBeenCalled();
});
