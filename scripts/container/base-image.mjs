// The base image the container step builds on: the Dockerfile's default when Docker has it or can pull
// it, else a local one made from Debian's packages (debootstrap --variant=minbase) plus the running
// Node and npm, cached under a tag naming the Debian release and the Node version.
import { spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { docker, installMissing } from './docker-engine.mjs';

/** The Debian release this machine runs (bookworm when it cannot tell). */
function debianRelease() {
  const release = existsSync('/etc/os-release') ? readFileSync('/etc/os-release', 'utf8') : '';
  return /^VERSION_CODENAME=(\w+)$/m.exec(release)?.[1] ?? 'bookworm';
}

/** The Debian mirror apt uses here (so the machine's own allow-list holds), else deb.debian.org. */
function debianMirror() {
  const files = [
    '/etc/apt/sources.list',
    ...(existsSync('/etc/apt/sources.list.d')
      ? readdirSync('/etc/apt/sources.list.d').map((name) => join('/etc/apt/sources.list.d', name))
      : []),
  ].filter((file) => /\.(list|sources)$/.test(file) && existsSync(file));
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    const found = /^URIs:\s*(\S+)/m.exec(text)?.[1] ?? /^deb\s+(?:\[[^\]]*\]\s+)?(\S+)/m.exec(text)?.[1];
    if (found !== undefined && !found.includes('security')) return found;
  }
  return 'http://deb.debian.org/debian';
}

/** The local base's tag: Debian release and Node version, so another Node makes another base. */
export const localBaseTag = () => `glm-local-base:${debianRelease()}-node${process.versions.node}`;

function makeLocalBase(tag) {
  if (!installMissing({ debootstrap: 'debootstrap' }))
    throw new Error('debootstrap is missing and apt-get cannot install it');
  const dir = mkdtempSync(join(tmpdir(), 'glm-local-base-'));
  try {
    const release = debianRelease();
    console.log(`  making ${tag}: debootstrap --variant=minbase ${release} (about a minute), plus this Node`);
    const bootstrap = spawnSync('debootstrap', ['--variant=minbase', release, dir, debianMirror()], {
      encoding: 'utf8',
    });
    if (bootstrap.status !== 0)
      throw new Error(`debootstrap failed:\n${bootstrap.stdout}\n${bootstrap.stderr}`);
    for (const cache of ['var/cache/apt/archives', 'var/lib/apt/lists']) {
      for (const name of readdirSync(join(dir, cache))) {
        if (name.endsWith('.deb') || name.includes('_')) rmSync(join(dir, cache, name), { force: true });
      }
    }
    mkdirSync(join(dir, 'usr/local/bin'), { recursive: true });
    cpSync(process.execPath, join(dir, 'usr/local/bin/node'));
    // npm for the image's build stage (it installs the bundler there).
    const npmRoot = spawnSync('npm', ['root', '-g'], { encoding: 'utf8' }).stdout.trim();
    const npm = join(npmRoot, 'npm');
    if (!existsSync(join(npm, 'bin', 'npm-cli.js'))) throw new Error(`npm not found at ${npm}`);
    cpSync(npm, join(dir, 'usr/local/lib/node_modules/npm'), { recursive: true });
    symlinkSync('../lib/node_modules/npm/bin/npm-cli.js', join(dir, 'usr/local/bin/npm'));
    symlinkSync('../lib/node_modules/npm/bin/npx-cli.js', join(dir, 'usr/local/bin/npx'));
    const imported = spawnSync(
      'sh',
      [
        '-c',
        `tar -C "${dir}" -c . | docker import --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' --change 'CMD ["node"]' - "${tag}"`,
      ],
      { encoding: 'utf8' },
    );
    if (imported.status !== 0) throw new Error(`docker import failed: ${imported.stderr}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The base to build on: `wanted` when Docker has it or can pull it within a minute, else the local base
 * (made once, then found by its tag). Answers the tag and how it was found.
 */
export function resolveBaseImage(wanted) {
  if (docker(['image', 'inspect', wanted]).status === 0) return { tag: wanted, how: 'present' };
  if (docker(['pull', '-q', wanted], { timeout: 60_000 }).status === 0) return { tag: wanted, how: 'pulled' };
  const tag = localBaseTag();
  if (docker(['image', 'inspect', tag]).status === 0)
    return { tag, how: `${wanted} cannot be pulled; local base cached` };
  makeLocalBase(tag);
  return { tag, how: `${wanted} cannot be pulled; local base made` };
}
