// Runs inside the image's build stage (Dockerfile): `install` puts esbuild and zod, at the versions
// packages/mock-server/package.json pins, into /tools; `bundle <outfile>` bundles the glm-mock CLI from
// the sources (the domain package's too) into one ESM file that needs nothing but Node.
// A CA bundle at build-ca/ca.pem (for a registry behind a TLS-intercepting proxy) is trusted by npm here
// only: the build stage is discarded, the image users run holds no part of it.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

const TOOLS = '/tools';
const root = new URL('../../', import.meta.url);
const readJson = (path) => JSON.parse(readFileSync(new URL(path, root), 'utf8'));

function install() {
  const server = readJson('packages/mock-server/package.json');
  const versions = { esbuild: server.devDependencies.esbuild, zod: server.dependencies.zod };
  const ca = new URL('scripts/container/build-ca/ca.pem', root);
  const env = { ...process.env, ...(existsSync(ca) ? { NODE_EXTRA_CA_CERTS: ca.pathname } : {}) };
  const specs = Object.entries(versions).map(([name, version]) => `${name}@${version}`);
  execFileSync(
    'npm',
    ['install', '--prefix', TOOLS, '--no-save', '--no-audit', '--no-fund', '--ignore-scripts', ...specs],
    { stdio: 'inherit', env },
  );
}

/** Resolves `@glm/domain` and its subpaths to their sources, as the workspace's `@glm/source` condition does. */
const domainSources = {
  name: 'glm-domain-sources',
  setup(build) {
    const manifest = readJson('packages/domain/package.json');
    build.onResolve({ filter: /^@glm\/domain(\/.*)?$/ }, ({ path }) => {
      const subpath = `.${path.slice('@glm/domain'.length)}`;
      const source = manifest.exports[subpath]?.['@glm/source'];
      if (source === undefined) return { errors: [{ text: `@glm/domain has no export ${subpath}` }] };
      return { path: new URL(join('packages/domain', source), root).pathname };
    });
  },
};

async function bundle(outfile) {
  const { build } = createRequire(join(TOOLS, 'package.json'))('esbuild');
  await build({
    entryPoints: [new URL('packages/mock-server/src/cli/main.ts', root).pathname],
    outfile,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    nodePaths: [join(TOOLS, 'node_modules')],
    plugins: [domainSources],
    minifyWhitespace: true,
    minifySyntax: true,
    legalComments: 'none',
    logLevel: 'warning',
  });
}

const [command, outfile] = process.argv.slice(2);
if (command === 'install') install();
else if (command === 'bundle' && outfile !== undefined) await bundle(outfile);
else {
  console.error('usage: node scripts/container/bundle-cli.mjs install | bundle <outfile>');
  process.exit(2);
}
