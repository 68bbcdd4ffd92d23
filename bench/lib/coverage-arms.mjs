// The coverage section's two servers, built the same way from the mock server's sources: as they are,
// and a baseline that records no coverage. The baseline is a build, not an option of the package: the
// call that counts each answered request is short-circuited where the pipeline makes it (so neither the
// counters nor the facts handed to them cost anything), and the counters' event and delivery recorders
// do nothing. Everything else is the same code.
import { readFile } from 'node:fs/promises';
import { bundle } from './internal-build.mjs';

const NODE_ADAPTER = new URL('../../packages/mock-server/src/adapters/node.ts', import.meta.url);

/** Where the pipeline counts an answered request: `<parts>.controls.coverage.counters.recordRequest(`. */
const REQUEST_CALL = /(\n\s*)([\w.]+\.coverage\.counters\.recordRequest\()/g;

/** Replaces `pattern` in `source` exactly once, or fails naming the file (the sources moved: update this). */
function replaceOnce(source, pattern, replacement, file) {
  const found = source.match(pattern)?.length ?? 0;
  if (found !== 1) {
    throw new Error(
      `coverage baseline: expected one ${pattern} in ${file}, found ${found}; update coverage-arms.mjs`,
    );
  }
  return source.replace(pattern, replacement);
}

/** The esbuild plugin that makes the baseline: no request, event or delivery is counted. */
const withoutCoverage = {
  name: 'without-coverage',
  setup(build) {
    build.onLoad({ filter: /[\\/]http[\\/]pipeline[\\/]pipeline-core\.ts$/ }, async ({ path }) => ({
      contents: replaceOnce(await readFile(path, 'utf8'), REQUEST_CALL, '$1false && $2', path),
      loader: 'ts',
    }));
    build.onLoad({ filter: /[\\/]http[\\/]coverage[\\/]coverage-counters\.ts$/ }, async ({ path }) => {
      const source = replaceOnce(
        await readFile(path, 'utf8'),
        /export function createCoverageCounters\(/g,
        'function createRecordingCounters(',
        path,
      );
      return {
        contents: `${source}
export function createCoverageCounters(now: () => string): CoverageCounters {
  return { ...createRecordingCounters(now), recordRequest() {}, recordEvent() {}, recordDelivery() {} };
}
`,
        loader: 'ts',
      };
    });
  },
};

/** Bundles `@glm/mock-server/node` from the sources twice; answers the two bundles' paths. */
export async function buildCoverageArms() {
  return {
    on: await bundle(NODE_ADAPTER, 'node-with-coverage'),
    off: await bundle(NODE_ADAPTER, 'node-without-coverage', [withoutCoverage]),
  };
}
