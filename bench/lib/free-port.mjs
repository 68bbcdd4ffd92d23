import { createServer } from 'node:net';

/** A port on 127.0.0.1 that nothing listens on now, for a process the bench starts with it. */
export const freePort = () =>
  new Promise((resolve, reject) => {
    const server = createServer().once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
