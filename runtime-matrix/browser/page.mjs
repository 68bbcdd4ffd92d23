// The page Chromium loads: the SDK's ESM build as published (dist/, resolved by the page's import map),
// a client with `dangerouslyAllowBrowser` on this page's own origin, which proxies the API to the mock
// server. It creates and pays a checkout, verifies the signed `order.completed` delivery the runner
// captured, mounts the embedded checkout, and leaves what it saw in `window.result`.
import { Glm } from '@glm/sdk';
import { mountCheckout } from '@glm/sdk/embed';
import { verifyWebhook } from '@glm/sdk/webhooks';
import { checkoutRequest } from '../fixtures.mjs'; // served at /fixtures.mjs

async function main() {
  const apiKey = new URLSearchParams(location.search).get('key') ?? '';
  let refusedWithoutFlag = false;
  try {
    new Glm({ apiKey, baseUrl: location.origin });
  } catch {
    refusedWithoutFlag = true;
  }
  const glm = new Glm({ apiKey, baseUrl: location.origin, dangerouslyAllowBrowser: true, maxRetries: 0 });
  const { secret } = await glm.testHelpers.webhookEndpoints.defaultSecret();
  const session = await glm.checkout.create(
    checkoutRequest('browser', { webhook_url: `${location.origin}/webhooks` }),
  );
  const { order } = await glm.testHelpers.checkout.pay(session.checkout_id);
  await glm.testHelpers.webhookDeliveries.flush();
  const captured = await (await fetch('/captured')).json();
  let verifiedOrderId = null;
  for (const delivery of captured) {
    const event = await verifyWebhook({ ...delivery, secret, requireSignature: true });
    if (event.type === 'order.completed') verifiedOrderId = event.data.id;
  }
  const mounted = mountCheckout(document.body, session.checkout_url, { loadTimeoutMs: 0 });
  const iframeSrc = mounted.iframe.src;
  mounted.destroy();
  return {
    refusedWithoutFlag,
    orderId: order?.id ?? null,
    verifiedOrderId,
    iframeSrc,
    iframeRemoved: document.querySelector('iframe') === null,
  };
}

main().then(
  (result) => {
    window.result = result;
  },
  (error) => {
    window.result = { error: `${error?.name}: ${error?.message}` };
  },
);
