// The merchant page's script (bundled for the browser by the server): ask our back end for a checkout
// session, embed its hosted page, and react to what the shopper does there.
import { mountCheckout } from '@glm/sdk/embed';

const button = document.querySelector<HTMLButtonElement>('#pay');
const status = document.querySelector<HTMLElement>('#status');
const container = document.querySelector('#checkout');
const say = (text: string) => {
  if (status) status.textContent = text;
};

button?.addEventListener('click', async () => {
  if (!container) return;
  button.disabled = true;
  // 1. Our server creates the session with the secret key; the page only ever sees its URL.
  const response = await fetch('/api/checkout', { method: 'POST' });
  if (!response.ok) {
    say('Checkout is unavailable, please try again.');
    button.disabled = false;
    return;
  }
  const { checkout_url } = (await response.json()) as { checkout_url: string };

  // 2. Embed it. Messages are accepted only from the checkout's exact origin and this iframe.
  const checkout = mountCheckout(container, checkout_url, {
    onCompleted: ({ order_id }) => {
      checkout.destroy();
      // Show the thank-you page; fulfilment still waits for the order.completed webhook.
      location.assign(`/thanks?order=${encodeURIComponent(order_id)}`);
    },
    onCancelled: () => {
      checkout.destroy();
      say('Payment cancelled. Your cart is still here.');
      button.disabled = false;
    },
    onError: ({ error }) => say(`Payment failed: ${error.message}`),
    onWarning: (message) => say(message),
  });
});
