// @vitest-environment happy-dom
import { Window as HappyWindow } from 'happy-dom';
import { expect, test, vi } from 'vitest';
import { listenToCheckout } from './listen-to-checkout.ts';

const checkoutOrigin = 'https://checkout.example.com';
const completed = { type: 'checkout.completed', checkout_id: 'cs_1', order_id: 'ord_1' };

// A separate window stands in for the checkout page inside the iframe.
function checkoutFrame(): { readonly contentWindow: Window } {
  return { contentWindow: new HappyWindow() as unknown as Window };
}

function post(data: unknown, origin: string, source: MessageEventSource | null = null): void {
  window.dispatchEvent(new MessageEvent('message', { data, origin, source }));
}

test('a well-formed message from the exact checkout origin reaches its handler', () => {
  const onCompleted = vi.fn();
  const stop = listenToCheckout({ checkoutOrigin, onCompleted });
  post(completed, checkoutOrigin);
  stop();
  expect(onCompleted).toHaveBeenCalledExactlyOnceWith(completed);
});

test('each message type reaches its own handler only', () => {
  const handlers = { onCompleted: vi.fn(), onCancelled: vi.fn(), onError: vi.fn(), onResize: vi.fn() };
  const stop = listenToCheckout({ checkoutOrigin, ...handlers });
  post({ type: 'checkout.cancelled', checkout_id: 'cs_1' }, checkoutOrigin);
  post({ type: 'checkout.error', checkout_id: 'cs_1', error: { code: 'x', message: 'y' } }, checkoutOrigin);
  post({ type: 'checkout.resize', height: 500 }, checkoutOrigin);
  stop();
  expect(handlers.onCompleted).not.toHaveBeenCalled();
  expect(handlers.onCancelled).toHaveBeenCalledOnce();
  expect(handlers.onError).toHaveBeenCalledOnce();
  expect(handlers.onResize).toHaveBeenCalledExactlyOnceWith({ type: 'checkout.resize', height: 500 });
});

test('messages from every spoofed origin are ignored', () => {
  const onCompleted = vi.fn();
  const debug = vi.fn();
  const stop = listenToCheckout({ checkoutOrigin, onCompleted, debug });
  const spoofed = [
    'https://checkout.example.com.evil',
    'https://checkout.example.com.evil.test',
    'https://evil-checkout.example.com',
    'https://evilcheckout.example.com',
    'https://checkout.example.co',
    'http://checkout.example.com',
    'https://checkout.example.com:8443',
    'https://checkout.example.com:443',
    'https://CHECKOUT.example.com',
    'https://checkout.example.com/',
    'https://sub.checkout.example.com',
    'null',
    '',
  ];
  for (const origin of spoofed) post(completed, origin);
  stop();
  expect(onCompleted).not.toHaveBeenCalled();
  expect(debug.mock.calls.map(([reason]) => reason)).toEqual(spoofed.map(() => 'origin'));
});

test('with an iframe, a message from the right origin but another window is ignored', () => {
  const onCompleted = vi.fn();
  const debug = vi.fn();
  const frame = checkoutFrame();
  const stop = listenToCheckout({ checkoutOrigin, iframe: frame, onCompleted, debug });
  post(completed, checkoutOrigin, new HappyWindow() as unknown as Window);
  post(completed, checkoutOrigin, window);
  post(completed, checkoutOrigin, null);
  post(completed, checkoutOrigin, frame.contentWindow);
  stop();
  expect(debug.mock.calls.map(([reason]) => reason)).toEqual(['source', 'source', 'source']);
  expect(onCompleted).toHaveBeenCalledOnce();
});

test('with a detached iframe (no window) a message whose source is null is ignored', () => {
  const onCompleted = vi.fn();
  const stop = listenToCheckout({ checkoutOrigin, iframe: { contentWindow: null }, onCompleted });
  post(completed, checkoutOrigin, null);
  stop();
  expect(onCompleted).not.toHaveBeenCalled();
});

test('malformed messages from the right origin are ignored silently', () => {
  const handlers = { onCompleted: vi.fn(), onCancelled: vi.fn(), onError: vi.fn(), onResize: vi.fn() };
  const debug = vi.fn();
  const stop = listenToCheckout({ checkoutOrigin, ...handlers, debug });
  for (const data of [
    'checkout.completed',
    { type: 'checkout.completed' },
    { type: 'checkout.resize' },
    null,
  ]) {
    post(data, checkoutOrigin);
  }
  stop();
  expect(Object.values(handlers).every((handler) => handler.mock.calls.length === 0)).toBe(true);
  expect(debug).toHaveBeenCalledTimes(4);
});

test('after unsubscribe no message reaches a handler', () => {
  const onCompleted = vi.fn();
  listenToCheckout({ checkoutOrigin, onCompleted })();
  post(completed, checkoutOrigin);
  expect(onCompleted).not.toHaveBeenCalled();
});

test('a checkoutOrigin that is not exactly an http(s) origin is refused at once', () => {
  for (const origin of [
    'https://checkout.example.com/',
    'https://checkout.example.com/pay',
    'null',
    '',
    'checkout.example.com',
  ]) {
    expect(() => listenToCheckout({ checkoutOrigin: origin }), origin).toThrow(TypeError);
  }
});
