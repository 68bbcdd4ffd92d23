import { type FutureMode, parseFutureList } from '@glm/domain/test-helpers';
import { CliRefusal } from '../cli-io.ts';

/** `--future fields,enums,events`: the changes of a later API version every test-mode answer rehearses. */
export function readFuture(value: string | undefined): FutureMode | undefined {
  if (value === undefined) return undefined;
  const parsed = parseFutureList(value, '--future');
  if (!parsed.ok) throw new CliRefusal(parsed.message);
  return parsed.value;
}
