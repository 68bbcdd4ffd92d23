// The SDK's ESM build in a browser page (Debian's Chromium, driven by playwright-core). The mock server
// sends no CORS headers, so a page on another origin could not call it: this runner serves the page, the
// packages' dist/ files (the page's import map points the bare specifiers at them) and a proxy of the
// API from one origin, 127.0.0.1:<port>, forwarding API requests to the mock server (GLM_BASE_URL) and
// recording the identity headers the browser sent. Webhook deliveries the mock sends to this origin are
// captured for the page to verify.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { dirname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const require = createRequire(import.meta.url);
const here = fileURLToPath(new URL('.', import.meta.url));
const roots = {
  sdk: join(dirname(require.resolve('@glm/sdk/package.json')), 'dist'),
  domain: join(dirname(require.resolve('@glm/sdk/package.json')), '..', 'domain', 'dist'),
};
const importMap = {
  imports: {
    '@glm/sdk': '/pkg/sdk/index.js',
    '@glm/sdk/webhooks': '/pkg/sdk/webhooks.js',
    '@glm/sdk/embed': '/pkg/sdk/embed.js',
    '@glm/domain/api-key': '/pkg/domain/api-key.js',
  },
};
const html = `<!doctype html><meta charset="utf-8"><title>SDK in the browser</title>
<script type="importmap">${JSON.stringify(importMap)}</script>
<script type="module" src="/page.mjs"></script>`;

const mockUrl = process.env.GLM_BASE_URL ?? '';
const captured = [];
const identities = [];

async function readBody(request) {
  const chunks = [];
  for await (const chunk of request) chunks.push(chunk);
  return Buffer.concat(chunks);
}

function sendFile(response, file) {
  response.setHeader('content-type', 'text/javascript; charset=utf-8');
  response.end(readFileSync(file));
}

const server = createServer(async (request, response) => {
  const url = new URL(request.url ?? '/', 'http://page.test');
  try {
    if (url.pathname === '/') {
      response.setHeader('content-type', 'text/html; charset=utf-8');
      return response.end(html);
    }
    if (url.pathname === '/page.mjs') return sendFile(response, join(here, 'page.mjs'));
    if (url.pathname === '/fixtures.mjs') return sendFile(response, join(here, '..', 'fixtures.mjs'));
    const pkg = /^\/pkg\/(sdk|domain)\/([\w.-]+\.js)$/.exec(url.pathname);
    if (pkg !== null) return sendFile(response, normalize(join(roots[pkg[1]], pkg[2])));
    if (url.pathname === '/webhooks') {
      captured.push({ body: (await readBody(request)).toString('utf8'), headers: request.headers });
      response.setHeader('content-type', 'application/json');
      return response.end('{"received":true}');
    }
    if (url.pathname === '/captured') {
      response.setHeader('content-type', 'application/json');
      return response.end(JSON.stringify(captured));
    }
    if (url.pathname === '/favicon.ico') {
      response.statusCode = 204;
      return response.end();
    }
    // The API: forwarded to the mock server as it came, less the hop-by-hop headers.
    identities.push({ client: request.headers['x-glm-client'], userAgent: request.headers['user-agent'] });
    const headers = { ...request.headers };
    for (const name of ['host', 'connection', 'origin', 'referer', 'content-length']) delete headers[name];
    const body = ['GET', 'HEAD'].includes(request.method ?? 'GET') ? undefined : await readBody(request);
    const answer = await fetch(`${mockUrl}${url.pathname}${url.search}`, {
      method: request.method,
      headers,
      body,
    });
    response.statusCode = answer.status;
    for (const [name, value] of answer.headers) {
      if (!['content-encoding', 'content-length', 'transfer-encoding', 'connection'].includes(name)) {
        response.setHeader(name, value);
      }
    }
    response.end(Buffer.from(await answer.arrayBuffer()));
  } catch (error) {
    response.statusCode = 502;
    response.end(String(error));
  }
});

let browser;
try {
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${server.address().port}`;
  browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const page = await browser.newPage();
  const problems = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console error: ${message.text()}`);
  });
  await page.goto(`${origin}/?key=${encodeURIComponent(process.env.GLM_API_KEY ?? '')}`);
  await page.waitForFunction(() => window.result !== undefined, null, { timeout: 30_000 });
  const result = await page.evaluate(() => window.result);
  if (result.error !== undefined) problems.push(result.error);
  if (result.refusedWithoutFlag !== true)
    problems.push('the client ran in the page without dangerouslyAllowBrowser');
  if (result.orderId === null || result.verifiedOrderId !== result.orderId) {
    problems.push(`order.completed for ${result.orderId} was not verified (got ${result.verifiedOrderId})`);
  }
  if (
    !String(result.iframeSrc).includes(`embed_origin=${encodeURIComponent(origin)}`) ||
    !result.iframeRemoved
  ) {
    problems.push(`mountCheckout: iframe ${result.iframeSrc}, removed ${result.iframeRemoved}`);
  }
  const sent = identities.at(-1);
  if (!/^@glm\/sdk\/[\w.-]+ \(browser\/unknown\)$/.test(sent?.client ?? '')) {
    problems.push(`x-glm-client was ${JSON.stringify(sent?.client)}`);
  }
  if (!/Chrome\/\d/.test(sent?.userAgent ?? ''))
    problems.push(`the page replaced Chromium’s own User-Agent: ${sent?.userAgent}`);
  if (problems.length > 0) throw new Error(problems.join('; '));
  process.stdout.write(
    `[chromium] the ESM build ran in the page: checkout paid, order.completed for ${result.orderId} verified (signed), embed mounted and removed, x-glm-client "${sent.client}" with Chromium's own User-Agent\n`,
  );
} catch (error) {
  process.stderr.write(
    `[chromium] failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exitCode = 1;
} finally {
  await browser?.close();
  server.close();
}
