import { readFile } from 'node:fs/promises';
import { type FaultRuleCreate, parseFaultFlag } from '@glm/domain/test-helpers';
import type { RateLimitOptions } from '../../http/rate-limit/rate-limit-options.ts';
import { type MockSnapshot, readSnapshot } from '../../service/snapshot/mock-snapshot.ts';
import { CliRefusal } from '../cli-io.ts';

/** The port `glm-mock serve` listens on by default, the one `trigger`, `verify` and examples assume. */
export const DEFAULT_PORT = 4010;

/**
 * `--fault "<METHOD> <path> <status|reset|timeout|truncated> [after] [xN|x*]"` or
 * `--fault "WEBHOOK <event_type|*> <invalid|stale|missing|wrong_secret|drop|delay=<ms>> [xN|x*]"`, each checked.
 */
export function readFaultFlags(flags: readonly string[] | undefined): FaultRuleCreate[] {
  return (flags ?? []).map((flag) => {
    const parsed = parseFaultFlag(flag);
    if (!parsed.ok) throw new CliRefusal(parsed.message);
    return parsed.value;
  });
}

/** `--rate-limit off` (no limits) or `--rate-limit <n>/s` (n requests a second per key); default the service's. */
export function readRateLimit(value: string | undefined): RateLimitOptions | undefined {
  if (value === undefined) return undefined;
  if (value === 'off') return false;
  const match = /^(\d{1,9})\/s$/.exec(value);
  const limit = match?.[1] === undefined ? Number.NaN : Number(match[1]);
  if (!(limit >= 1)) {
    throw new CliRefusal(
      `--rate-limit must be off or <n>/s with n at least 1 (such as 500/s), not ${value}.`,
    );
  }
  return { default: { limit, windowMs: 1000 } };
}

/** `--journal-size N`: how many requests the journal keeps (0 keeps none). */
export function readJournalSize(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d{1,9}$/.test(value)) {
    throw new CliRefusal(`--journal-size must be a whole number of requests (0 keeps none), not ${value}.`);
  }
  return Number(value);
}

/** `--snapshot FILE`: a snapshot as `GET /v2/test_helpers/snapshot` answered it, checked. */
export async function readSnapshotFile(file: string | undefined): Promise<MockSnapshot | undefined> {
  if (file === undefined) return undefined;
  let text: string;
  try {
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
