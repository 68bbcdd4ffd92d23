import { generateApiKey, type Mode, parseApiKey } from '@glm/domain';
import { FaultRuleCreate } from '@glm/domain/test-helpers';
import type { RandomSource } from '../core/random-source.ts';
import { DEFAULT_JOURNAL_SIZE } from '../http/journal/request-journal.ts';
import type { MockServiceOptions } from './mock-service-options.ts';

/** The fault rules given at creation, checked: a malformed one throws naming it. */
export function startFaults(given: MockServiceOptions['faults']): FaultRuleCreate[] {
  return (given ?? []).map((rule, index) => {
    const parsed = FaultRuleCreate.safeParse(rule);
    if (parsed.success) return parsed.data;
    const issue = parsed.error.issues[0];
    const field = issue?.path.join('.') ?? '';
    throw new TypeError(`options.faults[${index}]${field === '' ? '' : `.${field}`}: ${issue?.message}.`);
  });
}

/** The journal size option, checked. */
export function journalSizeOf(size: number | undefined): number {
  if (size === undefined) return DEFAULT_JOURNAL_SIZE;
  if (!Number.isSafeInteger(size) || size < 0) {
    throw new TypeError('options.journalSize must be a whole number of entries, 0 or more.');
  }
  return size;
}

/** A date option, checked: `what` names it in the `TypeError` an unreadable one throws. */
export const toDate = (value: Date | string, what: string): Date => {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) throw new TypeError(`${what} is not a valid date.`);
  return date;
};

/** The default key of a mode: the one given in the options, checked, or a new one drawn from `random`. */
export function initialKey(options: MockServiceOptions, mode: Mode, random: RandomSource): string {
  const given = options.keys?.[mode];
  const parsed = given === undefined ? undefined : parseApiKey(given);
  if (parsed !== undefined && (!parsed.ok || parsed.value.mode !== mode)) {
    throw new TypeError(`options.keys.${mode} is not a well-formed ${mode} key (glm_${mode}_<16>.<32>).`);
  }
  return given ?? generateApiKey(mode, random).key;
}
