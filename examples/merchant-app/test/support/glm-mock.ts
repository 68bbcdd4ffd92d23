// Starts the installed package's `glm-mock serve` as another process, the way a merchant's CI would,
// with `spawnServer()` from `@glm/mock-server/node`.
import { spawnServer } from '@glm/mock-server/node';
import { type ClientOptions, Glm } from '@glm/sdk';

/** A running `glm-mock serve` and a client on its test key. */
export interface MockProcess {
  /** The server's base URL (`http://127.0.0.1:<port>`). */
  readonly url: string;
  /** The test key it printed. */
  readonly testKey: string;
  /** A client for that key, with the given options. */
  readonly client: (options?: ClientOptions) => Glm;
  /** Stops the process and waits for it to exit. */
  readonly stop: () => Promise<void>;
}

/** Spawns `glm-mock serve` on a free port and resolves once it printed its address and keys. */
export async function startGlmMock(): Promise<MockProcess> {
  const server = await spawnServer();
  return {
    url: server.url,
    testKey: server.testKey,
    client: (options = {}) => new Glm({ apiKey: server.testKey, baseUrl: server.url, ...options }),
    stop: () => server.close(),
  };
}
