import {
  closeSync,
  fstatSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import Module, { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { cachedDataVersionTag } from 'node:v8';
import { constants, Script } from 'node:vm';

// A cache of V8's compiled code for the CLI bundle, for the Nodes that have no `module.enableCompileCache`
// (Node 20): the CommonJS bundle is compiled through `vm.Script` with the code V8 made on an earlier start,
// and V8's code is written back when there was none or V8 refused it. It behaves as Node's own cache does:
// a directory under the system's temporary directory named for the user, the package's version, Node's
// version and V8's version and flags (or NODE_COMPILE_CACHE); files only their user reads and runs; off
// with NODE_DISABLE_COMPILE_CACHE=1; files written whole (a temporary file renamed) so parallel starts
// never read half a file; and any failure of the cache is silent: the CLI then starts as without one.

/** Where the bundle's code cache lives and what it is named for. */
interface CachePlace {
  readonly file: string;
  readonly directory: string;
}

/** The environment variables the cache reads, as Node's own compile cache names them. */
type CacheEnv = Readonly<Record<string, string | undefined>>;

/** Whether the cache is turned off, as Node's own compile cache is. */
function codeCacheDisabled(env: CacheEnv): boolean {
  return env['NODE_DISABLE_COMPILE_CACHE'] !== undefined && env['NODE_DISABLE_COMPILE_CACHE'] !== '0';
}

/** The user's id where the system has them: each user has a cache of their own. */
const userId = (): number | undefined => process.getuid?.();

/**
 * The cache file for a bundle: a directory per user, package version, Node version and V8 flags (V8
 * refuses code made under other flags), and a file per build of the bundle (its size and modification
 * time), since V8 checks a cached code's source by its length only.
 */
function cachePlace(bundle: string, packageVersion: string, env: CacheEnv): CachePlace {
  const versions = `glm-mock-${packageVersion}-node-${process.versions.node}-v8-${cachedDataVersionTag()}`;
  const user = userId() === undefined ? '' : `-${userId()}`;
  const directory = join(env['NODE_COMPILE_CACHE'] || join(tmpdir(), `glm-mock-code-cache${user}`), versions);
  const { size, mtimeMs } = statSync(bundle);
  return { directory, file: join(directory, `cli-${size}-${Math.trunc(mtimeMs)}.v8-cache`) };
}

/** The cached code, when there is a file and it is the user's own (code another user wrote is never run). */
function readCache(file: string): Buffer | undefined {
  let descriptor: number;
  try {
    descriptor = openSync(file, 'r');
  } catch {
    return undefined;
  }
  try {
    const owner = fstatSync(descriptor).uid;
    return userId() === undefined || owner === userId() ? readFileSync(descriptor) : undefined;
  } finally {
    closeSync(descriptor);
  }
}

function compile(bundle: string, cachedData: Buffer | undefined): Script {
  // Early Node 20 releases lack the constant that lets a script's `import()` load as any module's does.
  const importModuleDynamically = constants?.USE_MAIN_CONTEXT_DEFAULT_LOADER;
  if (importModuleDynamically === undefined) throw new Error('this Node cannot import from a vm.Script');
  // The bundle's `#!` line becomes a comment of the same length inside the CommonJS wrapper.
  const source = readFileSync(bundle, 'utf8').replace(/^#!/, '//');
  return new Script(Module.wrap(source), {
    filename: bundle,
    ...(cachedData === undefined ? {} : { cachedData }),
    importModuleDynamically,
  });
}

/** Writes V8's code for the script whole: a temporary file of this process, renamed over the cache file. */
function writeCache(script: Script, place: CachePlace): void {
  try {
    mkdirSync(place.directory, { recursive: true });
    const temporary = `${place.file}.${process.pid}.tmp`;
    writeFileSync(temporary, script.createCachedData(), { mode: 0o600 });
    renameSync(temporary, place.file);
  } catch {
    // A read-only or full temporary directory: the next start compiles again.
  }
}

/** Writes the cache once, after start-up has compiled what it runs (so the cache holds it), or at exit. */
function writeCacheLater(script: Script, place: CachePlace): void {
  let written = false;
  const writeOnce = (): void => {
    if (written) return;
    written = true;
    writeCache(script, place);
  };
  setTimeout(writeOnce, 1000).unref();
  process.once('exit', writeOnce);
}

function run(script: Script, bundle: string): void {
  const wrapper = script.runInThisContext() as (...args: unknown[]) => void;
  const module = { exports: {}, filename: bundle };
  wrapper.call(module.exports, module.exports, createRequire(bundle), module, bundle, dirname(bundle));
}

/**
 * Runs a CommonJS bundle with V8's code cache, and answers whether it ran it. It answers `false`, having
 * run nothing, when the cache is off or the bundle cannot be compiled this way: the caller then loads the
 * CLI as usual. An error thrown by the bundle itself is the program's and is not caught.
 */
export function runWithCodeCache(bundle: string, packageVersion: string, env: CacheEnv): boolean {
  if (codeCacheDisabled(env)) return false;
  let script: Script;
  let place: CachePlace;
  let cachedData: Buffer | undefined;
  try {
    place = cachePlace(bundle, packageVersion, env);
    cachedData = readCache(place.file);
    script = compile(bundle, cachedData);
  } catch {
    return false;
  }
  if (cachedData === undefined || script.cachedDataRejected === true) writeCacheLater(script, place);
  run(script, bundle);
  return true;
}
