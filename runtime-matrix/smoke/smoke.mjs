// Runs on Bun, Deno (and Node): the SDK's core entry creates and pays a checkout against the standalone
// mock server (GLM_BASE_URL, GLM_API_KEY), whose webhook delivery to this runtime's own HTTP server is
// verified with the webhooks entry. Prints one line and exits 0 on success, 1 otherwise.
import { Glm } from '@glm/sdk';
import { isKnownEvent, verifyWebhook } from '@glm/sdk/webhooks';
import { checkoutRequest } from '../fixtures.mjs';

const runtime = globalThis.Deno !== undefined ? 'deno' : globalThis.Bun !== undefined ? 'bun' : 'node';
const env = (name) => (runtime === 'deno' ? globalThis.Deno.env.get(name) : globalThis.process.env[name]);
const exit = (code) => (runtime === 'deno' ? globalThis.Deno.exit(code) : globalThis.process.exit(code));
// biome-ignore lint/suspicious/noConsole: console is the one output every runtime here shares.
const say = (line) => globalThis.console.log(`[${runtime}] ${line}`);

// The runtime's own fetch-style server: Bun.serve or Deno.serve (Node is not a target here).
function serve(handler) {
  if (runtime === 'bun') {
    const server = globalThis.Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: handler });
    return { url: `http://127.0.0.1:${server.port}`, close: () => server.stop(true) };
  }
  if (runtime === 'deno') {
    const server = globalThis.Deno.serve({ port: 0, hostname: '127.0.0.1', onListen() {} }, handler);
    return { url: `http://127.0.0.1:${server.addr.port}`, close: () => server.shutdown() };
  }
  throw new Error('run me with bun or deno');
}

async function main() {
  const glm = new Glm({ apiKey: env('GLM_API_KEY'), baseUrl: env('GLM_BASE_URL'), maxRetries: 0 });
  const { secret } = await glm.testHelpers.webhookEndpoints.defaultSecret();
  let settle;
  const completed = new Promise((resolve, reject) => {
    settle = { resolve, reject };
  });
  const receiver = serve(async (request) => {
    try {
      const event = await verifyWebhook({ body: request, secret });
      if (isKnownEvent(event) && event.type === 'order.completed') settle.resolve(event);
      return new Response('{"received":true}', { headers: { 'content-type': 'application/json' } });
    } catch (error) {
      settle.reject(error);
      return new Response('refused', { status: 400 });
    }
  });
  try {
    const session = await glm.checkout.create(
      checkoutRequest(`smoke-${runtime}`, { webhook_url: `${receiver.url}/webhooks` }),
    );
    const paid = await glm.testHelpers.checkout.pay(session.checkout_id);
    await glm.testHelpers.webhookDeliveries.flush();
    const timeout = setTimeout(
      () => settle.reject(new Error('no verified order.completed within 10 s')),
      10_000,
    );
    const event = await completed;
    clearTimeout(timeout);
    if (event.data.id !== paid.order?.id)
      throw new Error(`order.completed names ${event.data.id}, not ${paid.order?.id}`);
    say(
      `checkout ${session.checkout_id} paid, order.completed for ${event.data.id} verified, status ${event.data.status}`,
    );
  } finally {
    await receiver.close();
  }
}

main().then(
  () => exit(0),
  (error) => {
    // biome-ignore lint/suspicious/noConsole: console is the one output every runtime here shares.
    globalThis.console.error(`[${runtime}] smoke failed:`, error);
    exit(1);
  },
);
