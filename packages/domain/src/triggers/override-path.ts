import type { z } from 'zod';
import { err, ok, type Result } from '../result.ts';

/** The schema inside the wrappers that do not change a field's shape (optional, nullable, default, pipe). */
function unwrap(schema: z.core.$ZodType): z.core.$ZodType {
  let current = schema;
  for (;;) {
    const def = current._zod.def as { type: string; innerType?: z.core.$ZodType; in?: z.core.$ZodType };
    if (
      def.innerType !== undefined &&
      ['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch', 'nonoptional'].includes(def.type)
    ) {
      current = def.innerType;
    } else if (def.type === 'pipe' && def.in !== undefined) {
      current = def.in;
    } else {
      return current;
    }
  }
}

/**
 * Whether a field path (`customer.email`, `line_items.0.price`) names a field of a request schema: every
 * name a key of an object, every number an index into an array. Answers the schema of that field, or a
 * refusal naming the first part of the path the schema does not have.
 */
export function overrideTarget(
  schema: z.core.$ZodType,
  path: string,
): Result<z.core.$ZodType, 'unknown_field'> {
  let current = schema;
  const walked: string[] = [];
  for (const part of path.split('.')) {
    const inner = unwrap(current);
    const def = inner._zod.def as {
      type: string;
      shape?: Record<string, z.core.$ZodType>;
      element?: z.core.$ZodType;
    };
    const next =
      def.type === 'object' && def.shape !== undefined && Object.hasOwn(def.shape, part)
        ? def.shape[part]
        : def.type === 'array' && /^\d+$/.test(part)
          ? def.element
          : undefined;
    walked.push(part);
    if (next === undefined) {
      return err('unknown_field', `Unknown field ${walked.join('.')}: the request has no such field.`, path);
    }
    current = next;
  }
  return ok(current);
}

/**
 * A copy of `body` with `value` set at the field path, making the objects and arrays on the way; `body`
 * itself is not changed.
 */
export function setAtPath(
  body: Readonly<Record<string, unknown>>,
  path: string,
  value: unknown,
): Record<string, unknown> {
  const [head, ...rest] = path.split('.');
  if (head === undefined) return { ...body };
  if (rest.length === 0) return { ...body, [head]: value };
  const child = body[head];
  const restPath = rest.join('.');
  if (Array.isArray(child) || (child === undefined && /^\d+$/.test(rest[0] ?? ''))) {
    const array = Array.isArray(child) ? [...child] : [];
    const index = Number(rest[0]);
    const tail = rest.slice(1).join('.');
    array[index] = tail === '' ? value : setAtPath(isRecord(array[index]) ? array[index] : {}, tail, value);
    return { ...body, [head]: array };
  }
  return { ...body, [head]: setAtPath(isRecord(child) ? child : {}, restPath, value) };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
