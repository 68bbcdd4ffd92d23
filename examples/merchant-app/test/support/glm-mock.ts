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

/**
 * The command that runs `glm-mock` when `GLM_MOCK_COMMAND` names one as a JSON array (the repository's
 * container test runs these tests against the image:
 * `["docker","run","--rm","--network","host","glm-mock:local"]`); otherwise the installed bin.
 */
function glmMockCommand(): [string, ...string[]] | undefined {
  const given = process.env['GLM_MOCK_COMMAND'];
  if (given === undefined || given === '') return undefined;
  const command: unknown = JSON.parse(given);
  if (!Array.isArray(command) || command.length === 0 || !command.every((part) => typeof part === 'string')) {
    throw new Error(`GLM_MOCK_COMMAND must be a JSON array of strings, not ${given}`);
  }
  return command as [string, ...string[]];
}

/**
 * Spawns `glm-mock serve` on a free port (with `args`, such as `['--future', 'enums']`) and resolves once
 * it printed its address and keys.
 */
export async function startGlmMock(args: readonly string[] = []): Promise<MockProcess> {
  const command = glmMockCommand();
  const server = await spawnServer(command === undefined ? { args } : { command, args });
  return {
    url: server.url,
    testKey: server.testKey,
    client: (options = {}) => new Glm({ apiKey: server.testKey, baseUrl: server.url, ...options }),
    stop: () => server.close(),
  };
}
