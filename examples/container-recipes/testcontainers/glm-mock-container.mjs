// Starts glm-mock's image with Testcontainers and waits for Docker's health status (the image's
// HEALTHCHECK asks GET /healthz), with a test key fixed in advance so every test file knows it.
import { createServer } from 'node:net';
import { GenericContainer, Wait } from 'testcontainers';

/** The image to run: GLM_MOCK_IMAGE, else the published one. */
const IMAGE = process.env.GLM_MOCK_IMAGE ?? 'ghcr.io/glm/glm-mock:latest';

/** A test key of the server's own merchant (any well-formed glm_test_<16>.<32> works). */
export const SERVER_TEST_KEY = `glm_test_${'T3stc0nta1ners00'}.${'k'.repeat(32)}`;

const freePort = () =>
  new Promise((resolve, reject) => {
    const server = createServer().once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

/**
 * Starts the container; answers its base URL and `stop()`. By default the container's 4010 is mapped to
 * a free port of the host; `GLM_MOCK_NETWORK=host` runs it on the host's network instead, on a free
 * 127.0.0.1 port (machines without Docker's bridge network, such as this repository's CI).
 */
export async function startGlmMockContainer() {
  const hostNetwork = process.env.GLM_MOCK_NETWORK === 'host';
  const port = hostNetwork ? await freePort() : 4010;
  const environment = {
    GLM_MOCK_TEST_KEY: SERVER_TEST_KEY,
    ...(hostNetwork ? { GLM_MOCK_HOST: '127.0.0.1', GLM_MOCK_PORT: String(port) } : {}),
  };
  let container = new GenericContainer(IMAGE)
    .withEnvironment(environment)
    .withWaitStrategy(Wait.forHealthCheck());
  container = hostNetwork ? container.withNetworkMode('host') : container.withExposedPorts(4010);
  const started = await container.start();
  const url = hostNetwork
    ? `http://127.0.0.1:${port}`
    : `http://${started.getHost()}:${started.getMappedPort(4010)}`;
  return { url, stop: () => started.stop({ timeout: 2_000 }) };
}
