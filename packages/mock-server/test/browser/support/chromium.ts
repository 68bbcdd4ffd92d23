import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium } from 'playwright-core';

/** Debian's chromium, which the browser tests drive (installed by the global setup when missing). */
export const CHROMIUM_PATH = '/usr/bin/chromium';

/** Whether the browser tests are switched off (`GLM_SKIP_BROWSER=1`, the only way; the global setup says so loudly). */
export const SKIP_BROWSER = process.env['GLM_SKIP_BROWSER'] === '1';

/** Chromium flags: headless, no sandbox (containers run as root), and no background traffic of its own. */
const CHROMIUM_ARGS: readonly string[] = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/** A running browser on a fresh profile directory, removed on close. */
export interface TestBrowser {
  /** The browser context (one profile). */
  readonly context: BrowserContext;
  /** Closes the browser and deletes its profile. */
  close(): Promise<void>;
}

/** How to launch: with JavaScript (the default) or without, as a shopper or merchant who turned it off. */
export interface LaunchOptions {
  /** Whether pages may run scripts; default true. */
  readonly javaScriptEnabled?: boolean;
}

/** Launches Debian's chromium with {@link CHROMIUM_ARGS} on a fresh `--user-data-dir`. */
export async function launchChromium(options: LaunchOptions = {}): Promise<TestBrowser> {
  if (!existsSync(CHROMIUM_PATH))
    throw new Error(`${CHROMIUM_PATH} is missing; run apt-get install -y chromium.`);
  const profile = await mkdtemp(join(tmpdir(), 'glm-chromium-'));
  // launchPersistentContext is how Playwright takes a user-data-dir (it refuses the flag in args).
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [...CHROMIUM_ARGS],
    viewport: { width: 360, height: 800 },
    javaScriptEnabled: options.javaScriptEnabled ?? true,
  });
  return {
    context,
    async close() {
      await context.close();
      await rm(profile, { recursive: true, force: true });
    },
  };
}
