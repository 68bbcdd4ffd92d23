import { type FaultRuleCreate, parseFaultFlag } from '@glm/domain/test-helpers';
import type { RateLimitOptions } from '../../http/rate-limit/rate-limit-options.ts';
import { type MockSnapshot, readSnapshot } from '../../service/snapshot/mock-snapshot.ts';
import { CliRefusal } from '../cli-io.ts';
import { settingRefusal } from './serve-environment.ts';

/** The port `glm-mock serve` listens on by default, the one `trigger`, `verify` and examples assume. */
export const DEFAULT_PORT = 4010;

/**
 * Fault rules in the form of `--fault "<METHOD> <path> <status|network fault kind> [after] [xN|x*]"`
 * or `--fault "WEBHOOK <event_type|*> <invalid|stale|missing|wrong_secret|drop|delay=<ms>> [xN|x*]"`,
 * each checked; a refused one names where it came from (`--fault`, or `GLM_MOCK_FAULTS line 2`).
 */
export function readFaultFlags(
  rules: readonly { readonly rule: string; readonly source: string }[],
): FaultRuleCreate[] {
  return rules.map(({ rule, source }) => {
    const parsed = parseFaultFlag(rule);
    if (parsed.ok) return parsed.value;
    if (source === '--fault') throw new CliRefusal(parsed.message);
    throw settingRefusal(source, `${source}: ${parsed.message.replace(/^--fault /, '')}`);
  });
}

/** `--rate-limit off` (no limits) or `--rate-limit <n>/s` (n requests a second per key); default the service's. */
export function readRateLimit(
  value: string | undefined,
  name = '--rate-limit',
): RateLimitOptions | undefined {
  if (value === undefined) return undefined;
  if (value === 'off') return false;
  const match = /^(\d{1,9})\/s$/.exec(value);
  const limit = match?.[1] === undefined ? Number.NaN : Number(match[1]);
  if (!(limit >= 1)) {
    throw settingRefusal(
      name,
      `${name} must be off or <n>/s with n at least 1 (such as 500/s), not ${value}.`,
    );
  }
  return { default: { limit, windowMs: 1000 } };
}

/** `--journal-size N`: how many requests the journal keeps (0 keeps none). */
export function readJournalSize(value: string | undefined, name = '--journal-size'): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d{1,9}$/.test(value)) {
    throw settingRefusal(name, `${name} must be a whole number of requests (0 keeps none), not ${value}.`);
  }
  return Number(value);
}

/** `--snapshot FILE`: a snapshot as `GET /v2/test_helpers/snapshot` answered it, checked. */
export async function readSnapshotFile(file: string | undefined): Promise<MockSnapshot | undefined> {
  if (file === undefined) return undefined;
  let text: string;
  try {
    // node:fs/promises (and what it loads) only when a snapshot file is given: a plain start reads no file.
    const { readFile } = await import('node:fs/promises');
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new CliRefusal(
      `cannot read snapshot file ${file}: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  try {
    return readSnapshot(JSON.parse(text));
  } catch (error) {
    throw new CliRefusal(`snapshot file ${file}: ${error instanceof Error ? error.message : String(error)}`);
  }
}
