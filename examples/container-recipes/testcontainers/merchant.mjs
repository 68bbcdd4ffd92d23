// A merchant of its own for each test file: made on the shared server with its test key, removed at the
// end, so files running in parallel never see each other's catalog, clock or events.
import { after, before } from 'node:test';

/** Calls the API with `key`; answers the status and the parsed body. */
export async function call(key, method, path, body) {
  const response = await fetch(`${process.env.GLM_BASE_URL}/api/v2${path}`, {
    method,
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: await response.json() };
}

/** Registers `before`/`after` hooks for the file: `merchant()` answers its merchant (id and test key). */
export function merchantPerFile(name) {
  let merchant;
  before(async () => {
    const made = await call(process.env.GLM_API_KEY, 'POST', '/test_helpers/merchants', { name });
    if (made.status !== 201) throw new Error(`making a merchant answered ${made.status}`);
    merchant = made.body;
  });
  after(async () => {
    await call(merchant.keys.test, 'DELETE', '/test_helpers/merchants/current');
  });
  return () => merchant;
}
