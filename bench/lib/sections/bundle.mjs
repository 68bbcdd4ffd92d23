// Bundle size of each client entry, built the same way for ours and the peers': esbuild's API (bundle,
// minify, platform browser, format esm, one output file: a dynamic import is counted with its entry),
// then the bytes minified and minified + gzip level 9. Each row is a ratio to `import OpenAI from 'openai'`
// built in this same run. Our packages resolve through their published `exports` (dist/), as a
// merchant's bundler would see them, so `pnpm bench --no-build` measures the current dist/.
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { format, progress, runSection } from '../section.mjs';

const bench = new URL('../../', import.meta.url);
// ky is the SDK's dependency, not the bench's: it resolves from the SDK's folder.
const sdk = new URL('../packages/sdk/', bench);

/** The entries measured: a name, the import statement, its binding, and the folder it resolves from. */
const ENTRIES = [
  ['openai', "import OpenAI from 'openai'", 'OpenAI', bench],
  ['glm', "import { Glm } from '@glm/sdk'", 'Glm', bench],
  ['glm-validation', "import { responseSchemas } from '@glm/sdk/validation'", 'responseSchemas', bench],
  ['glm-webhooks', "import * as webhooks from '@glm/sdk/webhooks'", 'webhooks', bench],
  ['glm-embed', "import * as embed from '@glm/sdk/embed'", 'embed', bench],
  ['anthropic', "import Anthropic from '@anthropic-ai/sdk'", 'Anthropic', bench],
  ['stripe', "import Stripe from 'stripe'", 'Stripe', bench],
  ['ky', "import ky from 'ky'", 'ky', sdk],
];

/** Builds `source` (which keeps its import alive by exporting it) and answers its sizes, or why it would not build. */
async function measure(build, source, folder) {
  try {
    const result = await build({
      stdin: { contents: source, resolveDir: fileURLToPath(folder), loader: 'js' },
      bundle: true,
      minify: true,
      platform: 'browser',
      format: 'esm',
      write: false,
      logLevel: 'silent',
    });
    const bytes = result.outputFiles[0].contents;
    return { min: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
  } catch (error) {
    const first = error?.errors?.[0];
    const why =
      first === undefined
        ? String(error)
        : `${first.text}${first.location ? ` (${first.location.file})` : ''}`;
    return { error: why };
  }
}

const kB = (bytes) => `${format(bytes / 1000, 1)} kB`;

runSection(async () => {
  const { build } = await import('esbuild');
  const sizes = new Map();
  for (const [name, statement, binding, folder] of ENTRIES) {
    const size = await measure(build, `${statement};\nexport { ${binding} as entry };\n`, folder);
    sizes.set(name, size);
    progress(`${statement}: ${size.error ?? `${kB(size.min)} min, ${kB(size.gzip)} min+gz`}`);
  }
  const openai = sizes.get('openai');
  if (openai.error !== undefined) throw new Error(`openai did not bundle: ${openai.error}`);
  const figure = (name, label, { target = 'reported', met = null, notes = '' } = {}) => {
    const size = sizes.get(name);
    if (size.error !== undefined) {
      return {
        figure: `Bundle, min+gz: ${label}`,
        baseline: "import OpenAI from 'openai'",
        value: 'does not bundle for the browser',
        baselineValue: kB(openai.gzip),
        ratio: '–',
        target,
        met: null,
        notes: size.error,
      };
    }
    return {
      figure: `Bundle, min+gz: ${label}`,
      baseline: "import OpenAI from 'openai'",
      value: `${kB(size.gzip)} (${kB(size.min)} min)`,
      baselineValue: kB(openai.gzip),
      ratio: `${format(size.gzip / openai.gzip, 2)}×`,
      target,
      met: met === null ? null : met(size),
      notes,
    };
  };
  return [
    figure('glm', "import { Glm } from '@glm/sdk'", {
      target: "≤ 1.00× (openai's)",
      met: (size) => size.gzip <= openai.gzip,
      notes:
        'esbuild, minify, platform browser, format esm, gzip -9; ky included; response validation is not in this entry (next row)',
    }),
    figure('glm-validation', "import { responseSchemas } from '@glm/sdk/validation'", {
      notes:
        'opt-in response validation: zod and every answer schema of @glm/domain, added to the row above when passed as `responseSchemas`',
    }),
    figure('glm-webhooks', "import * as webhooks from '@glm/sdk/webhooks'"),
    figure('glm-embed', "import * as embed from '@glm/sdk/embed'"),
    figure('anthropic', "import Anthropic from '@anthropic-ai/sdk'"),
    figure('stripe', "import Stripe from 'stripe'", {
      notes: "stripe 23.1's `browser` export condition (its fetch-based client) under platform browser",
    }),
    figure('ky', "import ky from 'ky' (the SDK's HTTP layer, alone)"),
  ];
});
