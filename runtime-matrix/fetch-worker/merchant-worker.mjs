// A merchant's fetch-style function, as it would be deployed to Cloudflare Workers or Vercel's Edge: the
// built SDK (main, /webhooks, /embed) creates and pays a checkout against the mock server, verifies the
// signed `order.completed` delivery the mock sends back to this same function, and calls an echo server
// once so the runner can read the identity headers this runtime sent. Bundled per runtime by drive.mjs.
import { Glm, VERSION } from '@glm/sdk';
import { parseCheckoutMessage } from '@glm/sdk/embed';
import { verifyWebhook } from '@glm/sdk/webhooks';

/** Events verified by this isolate, newest last. */
const verified = [];
/** The refusals (`reason`) of deliveries that did not verify. */
const refused = [];
let secret;

async function receive(request) {
  try {
    verified.push(await verifyWebhook({ body: request, secret, requireSignature: true }));
    return Response.json({ received: true });
  } catch (error) {
    refused.push(error?.reason ?? String(error));
    return new Response('{"error":"invalid_webhook"}', { status: 400 });
  }
}

async function run(request, origin) {
  const { baseUrl, apiKey, echoUrl, checkout } = await request.json();
  const glm = new Glm({ apiKey, baseUrl, maxRetries: 0 });
  secret = (await glm.testHelpers.webhookEndpoints.defaultSecret()).secret;
  const session = await glm.checkout.create({ ...checkout, metadata: { webhook_url: `${origin}/webhooks` } });
  const { order } = await glm.testHelpers.checkout.pay(session.checkout_id);
  await glm.testHelpers.webhookDeliveries.flush();
  let completed;
  for (let tries = 0; tries < 50 && completed === undefined; tries++) {
    completed = verified.find((event) => event.type === 'order.completed' && event.data.id === order?.id);
    if (completed === undefined) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const echoed = await new Glm({ apiKey, baseUrl: echoUrl, maxRetries: 0 }).request({
    method: 'GET',
    path: '/echo',
  });
  const message = parseCheckoutMessage({
    type: 'checkout.completed',
    checkout_id: session.checkout_id,
    order_id: order?.id,
  });
  return Response.json({
    version: VERSION,
    checkoutId: session.checkout_id,
    orderId: order?.id ?? null,
    verifiedOrderId: completed?.data.id ?? null,
    refused,
    echoed,
    embedMessage: message?.type ?? null,
  });
}

/** The function's handler: `POST /run` drives the flow, `POST /webhooks` receives the mock's deliveries. */
export async function handle(request) {
  const url = new URL(request.url);
  try {
    if (request.method === 'POST' && url.pathname === '/webhooks') return await receive(request);
    if (request.method === 'POST' && url.pathname === '/run') return await run(request, url.origin);
    return new Response('not found', { status: 404 });
  } catch (error) {
    return Response.json({ error: `${error?.name}: ${error?.message}` }, { status: 500 });
  }
}
