#!/usr/bin/env node
// A committed entry so package managers can link `glm-mock` before the first build; the CLI itself is built to dist.
import module from 'node:module';

function notBuilt(error) {
  if (error && (error.code === 'ERR_MODULE_NOT_FOUND' || error.code === 'MODULE_NOT_FOUND')) {
    process.stderr.write('glm-mock: the CLI is not built yet; run `npx -y pnpm@10.34.9 build` first.\n');
    process.exit(1);
  }
  throw error;
}

// Node's on-disk cache of compiled code (Node >= 22.1) makes every later start skip most of the compiling.
// Older Nodes have no such function: there the CommonJS build runs with a V8 code cache of the CLI's own
// (dist/code-cache.cjs), and without it (NODE_DISABLE_COMPILE_CACHE=1, or a failure) the CLI loads as usual.
function startedWithCodeCache() {
  if (module.enableCompileCache !== undefined) {
    module.enableCompileCache();
    return false;
  }
  const require = module.createRequire(import.meta.url);
  let runWithCodeCache;
  try {
    ({ runWithCodeCache } = require('../dist/code-cache.cjs'));
  } catch {
    return false;
  }
  const { version } = require('../package.json');
  return runWithCodeCache(require.resolve('../dist/cli.cjs'), version, process.env);
}

if (!startedWithCodeCache()) import('../dist/cli.js').catch(notBuilt);
