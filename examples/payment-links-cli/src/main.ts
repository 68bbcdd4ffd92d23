// payment-links: create, list and cancel payment links, and check many products' HSA/FSA eligibility
// at the advised pace. GLM_API_KEY and GLM_BASE_URL select the account (a test key and the mock server).
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { APIError, Glm } from '@glm/sdk';
import { parseFlags, USAGE } from './args.ts';
import { ADVISED_SPACING_MS, checkEligibilityInBulk } from './bulk-eligibility.ts';
import { formatLink, formatResult, linkStatusOf } from './format.ts';
import { renderProgress } from './progress.ts';

/** Everything the CLI touches, injected so that a test runs it against the mock server without sleeping. */
export interface Cli {
  readonly glm: Glm;
  readonly out: (line: string) => void;
  readonly error: (line: string) => void;
  /** Shows the progress line (redrawn in place on a terminal). */
  readonly progress: (line: string) => void;
  readonly sleep: (ms: number) => Promise<void>;
}

/** Runs one command and answers its exit code: 0 done, 1 the service refused, 2 bad usage. */
export async function run(argv: readonly string[], cli: Cli): Promise<number> {
  const parsed = parseFlags(argv);
  const { email, reason, description = '', ...flags } = parsed?.values ?? {};
  const [command, ...args] = parsed?.positionals ?? [];
  const amount = Number(flags.amount);
  const status = linkStatusOf(flags.status);
  try {
    if (command === 'create' && Number.isSafeInteger(amount) && description !== '') {
      const link = await cli.glm.paymentLinks.create({
        amount_cents: amount,
        currency: 'USD',
        description,
        success_url: 'https://shop.example.com/thanks?order={ORDER_ID}',
        ...(email === undefined ? {} : { customer: { email } }),
      });
      cli.out(formatLink(link));
      return 0;
    }
    if (command === 'list' && status !== 'invalid') {
      // `for await` walks every page, fetching the next one only when this one is used up.
      for await (const link of cli.glm.paymentLinks.list({ limit: 100, ...(status ? { status } : {}) })) {
        cli.out(formatLink(link));
      }
      return 0;
    }
    if (command === 'cancel' && args.length === 1 && args[0] !== undefined) {
      cli.out(formatLink(await cli.glm.paymentLinks.cancel(args[0], reason === undefined ? {} : { reason })));
      return 0;
    }
    if (command === 'check' && args.length > 0) {
      const results = await checkEligibilityInBulk(cli.glm, args, {
        spacingMs: Number(flags['spacing-ms'] ?? ADVISED_SPACING_MS),
        sleep: cli.sleep,
        onProgress: (progress) => cli.progress(renderProgress(progress)),
      });
      for (const result of results) cli.out(formatResult(result));
      return 0;
    }
  } catch (error) {
    if (!(error instanceof APIError)) throw error;
    cli.error(`${error.code}: ${error.message}`);
    return 1;
  }
  cli.error(USAGE);
  return 2;
}

// Run as a program (not when a test imports this file).
if (process.argv[1] !== undefined && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = await run(process.argv.slice(2), {
    glm: new Glm(),
    out: (line) => process.stdout.write(`${line}\n`),
    error: (line) => process.stderr.write(`${line}\n`),
    progress: (line) => process.stderr.write(process.stderr.isTTY ? `\r\x1b[K${line}` : `${line}\n`),
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  });
}
