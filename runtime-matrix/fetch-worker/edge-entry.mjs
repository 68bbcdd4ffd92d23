// The entry for Vercel's edge-runtime: a fetch event listener, as its `EdgeRuntime` evaluates code.
import { handle } from './merchant-worker.mjs';

addEventListener('fetch', (event) => event.respondWith(handle(event.request)));
