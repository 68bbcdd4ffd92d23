import { readFile } from 'node:fs/promises';
import type { SeedFile } from '@glm/domain/test-helpers';
import { parseSeed } from '../../service/seed.ts';
import { SeedError } from '../../service/seed-error.ts';
import { CliRefusal } from '../cli-io.ts';

/**
 * Why seed files are JSON only: a seed is the API's creation bodies, which are JSON, and YAML's plain
 * scalars change what a seed says without a word (an unquoted UPC `036000291452` is the number
 * 36000291452 and loses its leading zero; `no` becomes `false`); a YAML parser would also be the package's
 * first dependency beyond zod.
 */
const JSON_ONLY =
  'seed files are JSON (a YAML file would turn an unquoted UPC such as 036000291452 into a number)';

/** The refusal of a seed, one problem a line, naming the file. */
export function seedRefusal(file: string, error: SeedError): CliRefusal {
  return new CliRefusal(
    `seed ${file} was refused; nothing was started:\n${error.message.split('\n').slice(1).join('\n')}`,
    { usage: false },
  );
}

/**
 * Reads and checks a seed file (`glm-mock serve --seed FILE`): JSON, in the seed format, every ref
 * resolving. A file that cannot be read, is not JSON, or is refused is a {@link CliRefusal} listing
 * every problem, naming entry and field.
 */
export async function readSeedFile(file: string): Promise<SeedFile> {
  if (/\.ya?ml$/i.test(file))
    throw new CliRefusal(`cannot read seed file ${file}: ${JSON_ONLY}.`, { usage: false });
  let data: unknown;
  try {
    data = JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    throw new CliRefusal(
      `cannot read seed file ${file}: ${error instanceof Error ? error.message : String(error)}`,
      { usage: false },
    );
  }
  try {
    return parseSeed(data);
  } catch (error) {
    if (error instanceof SeedError) throw seedRefusal(file, error);
    throw error;
  }
}
