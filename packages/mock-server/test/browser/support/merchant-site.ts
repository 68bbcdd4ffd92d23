import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { startSite, type TestSite } from './static-site.ts';

const SDK_EMBED = fileURLToPath(new URL('../../../../sdk/src/embed/index.ts', import.meta.url));

// The merchant's page script: mounts the checkout with @glm/sdk/embed and records every callback.
const MERCHANT_SCRIPT = `
import { mountCheckout } from ${JSON.stringify(SDK_EMBED)};
const calls = (window.glmCalls = []);
const raw = (window.glmRaw = []);
window.addEventListener('message', (event) => raw.push({ origin: event.origin, type: event.data && event.data.type }));
const query = new URLSearchParams(location.search);
const url = query.get('checkout_url');
const timeout = query.get('load_timeout');
mountCheckout(document.getElementById('checkout'), url, {
  ...(timeout === null ? {} : { loadTimeoutMs: Number(timeout) }),
  onCompleted: (message) => calls.push(message),
  onCancelled: (message) => calls.push(message),
  onError: (message) => calls.push(message),
  onResize: (message) => calls.push(message),
});
`;

// A hostile page on a third origin, framed by the merchant page: it forges checkout.completed messages.
const FORGER_PAGE = `<!doctype html><title>Ad</title><p>Advert</p><script>
const forged = { type: 'checkout.completed', checkout_id: new URLSearchParams(location.search).get('cs'), order_id: 'ord_forged000000000000000000' };
let sent = 0;
const timer = setInterval(() => { parent.postMessage(forged, '*'); if (++sent === 10) clearInterval(timer); }, 50);
</script>`;

/** Bundles the merchant script (the SDK's embed entry from source) for the browser. */
async function merchantBundle(): Promise<string> {
  const result = await build({
    stdin: {
      contents: MERCHANT_SCRIPT,
      resolveDir: fileURLToPath(new URL('.', import.meta.url)),
      loader: 'js',
    },
    bundle: true,
    format: 'iife',
    target: 'es2022',
    write: false,
    logLevel: 'silent',
  });
  return result.outputFiles[0]?.text ?? '';
}

/**
 * The merchant's site on its own origin: `/shop?checkout_url=…[&load_timeout=<ms>][&forger=<origin>&cs=<id>]` mounts the
 * checkout (and, with `forger`, frames the hostile page of that origin); every other path is a landing page.
 */
export async function startMerchantSite(): Promise<TestSite> {
  const script = await merchantBundle();
  return startSite(() => ({
    '/shop': {
      type: 'text/html; charset=utf-8',
      body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Shop</title></head>
<body style="margin:0;font-family:sans-serif"><h1 style="font-size:18px;margin:8px">Shop checkout</h1><div id="checkout"></div><div id="ads"></div>
<script src="/merchant.js"></script>
<script>const q = new URLSearchParams(location.search); if (q.get('forger')) { const f = document.createElement('iframe'); f.title = 'Advert'; f.src = q.get('forger') + '/forger?cs=' + q.get('cs'); document.getElementById('ads').append(f); }</script>
</body></html>`,
    },
    '/merchant.js': { type: 'text/javascript; charset=utf-8', body: script },
  }));
}

/** The hostile site (a third origin) serving the forging page at `/forger?cs=<checkout id>`. */
export function startForgerSite(): Promise<TestSite> {
  return startSite(() => ({ '/forger': { type: 'text/html; charset=utf-8', body: FORGER_PAGE } }));
}
