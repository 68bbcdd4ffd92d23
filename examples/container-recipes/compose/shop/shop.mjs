// The shop of the compose recipe: receives webhooks on :3000, registers that address with the mock
// (by its service name), asks the mock for an order.completed, and prints each event it receives.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';

const { GLM_BASE_URL, GLM_API_KEY, SHOP_WEBHOOK_URL } = process.env;
const exitAfterFirst = process.env.SHOP_EXIT_AFTER_FIRST_EVENT === '1';
let secret = '';

const api = async (method, path, body) => {
  const response = await fetch(`${GLM_BASE_URL}/api/v2${path}`, {
    method,
    headers: { authorization: `Bearer ${GLM_API_KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok)
    throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
  return response.json();
};

/** The signature header carries t=<seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">. */
function signed(header, body) {
  const parts = Object.fromEntries(header.split(',').map((part) => part.split('=')));
  const expected = createHmac('sha256', secret).update(`${parts.t}.${body}`).digest();
  const given = Buffer.from(parts.v1 ?? '', 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

const server = createServer((request, response) => {
  let body = '';
  request.on('data', (chunk) => {
    body += chunk;
  });
  request.on('end', () => {
    const header = request.headers['x-service-signature'] ?? '';
    const event = JSON.parse(body);
    console.log(
      `shop: received ${event.type} ${event.id} (signature ${signed(String(header), body) ? 'valid' : 'NOT valid'})`,
    );
    response.writeHead(200).end();
    if (exitAfterFirst) setImmediate(() => process.exit(0));
  });
});
server.listen(3000, async () => {
  const endpoint = await api('POST', '/test_helpers/webhook_endpoints', {
    url: SHOP_WEBHOOK_URL,
    events: ['order.completed'],
  });
  secret = endpoint.secret;
  const triggered = await api('POST', '/test_helpers/triggers', { type: 'order.completed' });
  console.log(`shop: asked for ${triggered.event.type} ${triggered.event.id}`);
});
