// The tiny merchant app's flow, shared by its ESM and CommonJS entries (each hands in the SDK as it
// imported it; the CommonJS one requires this ES module, which each bundler converts): a webhook receiver on node:http, a checkout created and paid against the mock server
// (GLM_BASE_URL, GLM_API_KEY), and the signed `order.completed` delivery verified on arrival.
import { createServer } from 'node:http';
import { checkoutRequest } from '../fixtures.mjs';

export async function runFlow({ Glm, verifyWebhook }, name) {
  const glm = new Glm({ maxRetries: 0 }); // GLM_API_KEY and GLM_BASE_URL
  const { secret } = await glm.testHelpers.webhookEndpoints.defaultSecret();
  const verified = [];
  const server = createServer(async (request, response) => {
    const chunks = [];
    for await (const chunk of request) chunks.push(chunk);
    try {
      verified.push(
        await verifyWebhook({
          body: Buffer.concat(chunks),
          headers: request.headers,
          secret,
          requireSignature: true,
        }),
      );
      response.end('{"received":true}');
    } catch {
      response.statusCode = 400;
      response.end('{"error":"invalid_webhook"}');
    }
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const session = await glm.checkout.create(
      checkoutRequest(`bundled-${name}`, {
        webhook_url: `http://127.0.0.1:${server.address().port}/webhooks`,
      }),
    );
    const { order } = await glm.testHelpers.checkout.pay(session.checkout_id);
    await glm.testHelpers.webhookDeliveries.flush();
    for (let tries = 0; tries < 50; tries++) {
      if (verified.some((event) => event.type === 'order.completed' && event.data.id === order?.id)) {
        return `checkout ${session.checkout_id} paid, order.completed for ${order.id} verified`;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`no verified order.completed for ${order?.id}`);
  } finally {
    server.close();
  }
}
