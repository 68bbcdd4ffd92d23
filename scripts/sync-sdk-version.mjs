// Writes @glm/sdk's version from its package.json into packages/sdk/src/version.ts, which the client
// sends in `x-glm-client` and `User-Agent`. `pnpm version-packages` runs it after `changeset version`;
// packages/sdk/src/version.test.ts fails when the two differ.
import { readFileSync, writeFileSync } from 'node:fs';

const root = new URL('../packages/sdk/', import.meta.url);
const { version } = JSON.parse(readFileSync(new URL('package.json', root), 'utf8'));
const file = new URL('src/version.ts', root);
const source = readFileSync(file, 'utf8');
const updated = source.replace(/export const VERSION = '[^']*';/, `export const VERSION = '${version}';`);
if (!updated.includes(`'${version}'`))
  throw new Error('packages/sdk/src/version.ts has no VERSION to update');
if (updated !== source) writeFileSync(file, updated);
console.log(`@glm/sdk VERSION ${version}`);
