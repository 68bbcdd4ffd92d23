#!/usr/bin/env node
// A committed entry so package managers can link `glm-mock` before the first build; the CLI itself is built to dist.
import module from 'node:module';

// Node's on-disk cache of compiled code (Node >= 22.1) makes every later start skip most of the compiling;
// older Nodes have no such function and start as before.
module.enableCompileCache?.();

import('../dist/cli.js').catch((error) => {
  if (error && error.code === 'ERR_MODULE_NOT_FOUND') {
    process.stderr.write('glm-mock: the CLI is not built yet; run `npx -y pnpm@10.34.9 build` first.\n');
    process.exit(1);
  }
  throw error;
});
