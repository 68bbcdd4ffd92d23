import type { z } from 'zod';

// Validating an answer with zod builds a copy of it, and inside a call the copy is garbage to collect. Most answers match their schema as they are, so a
// check compiled from the schema's definition walks the parsed JSON without copying and says whether
// zod would accept it with an output equal to it (same values, same key order). When it is not sure (a
// value zod would refuse or rewrite, an unknown key zod would strip, a construct it does not model) the
// client parses with zod as before, which also builds every issue. A fast-check property holds each
// compiled check to zod over the answer schemas.

/** A compiled check: `true` only when zod's output for `value` would be `value` itself. */
type Check = (value: unknown) => boolean;

/** The parts of a zod 4 definition the compiler reads (zod's own types name each kind apart). */
interface Definition {
  readonly type: string;
  readonly checks?: readonly { readonly _zod: { readonly def: CheckDefinition } }[];
  readonly check?: string;
  readonly format?: string;
  readonly pattern?: RegExp;
  readonly coerce?: boolean;
  readonly shape?: Readonly<Record<string, z.ZodType>>;
  readonly element?: z.ZodType;
  readonly innerType?: z.ZodType;
  readonly keyType?: z.ZodType;
  readonly valueType?: z.ZodType;
  readonly options?: readonly z.ZodType[];
}

interface CheckDefinition extends Definition {
  readonly minimum?: number;
  readonly maximum?: number;
  readonly value?: unknown;
  readonly inclusive?: boolean;
}

const definitionOf = (schema: z.ZodType): Definition => schema._zod.def as unknown as Definition;
const never: Check = () => false;

/** Formats whose zod check is its pattern alone (`url` and others run code of their own). */
const PATTERN_FORMATS: ReadonlySet<string> = new Set([
  'datetime',
  'date',
  'time',
  'email',
  'regex',
  'uuid',
  'guid',
]);

/** What a length check asks of a string or array: zod counts a string's code points near the bound. */
function lengthCheck(definition: CheckDefinition): Check | undefined {
  const { check, minimum, maximum } = definition;
  // Under the maximum in UTF-16 units is under it in code points too; over it, zod may still accept.
  if (check === 'max_length' && maximum !== undefined)
    return (value) => (value as { length: number }).length <= maximum;
  // At least twice the minimum in units is at least the minimum in code points; a single unit is one.
  if (check === 'min_length' && minimum !== undefined) {
    return (value) => {
      const { length } = value as { length: number };
      return length >= minimum && (typeof value !== 'string' || minimum <= 1 || length >= 2 * minimum);
    };
  }
  return undefined;
}

/** A string format whose zod check is its pattern alone, as a check; undefined for any other. */
function patternCheck(definition: Definition): Check | undefined {
  const { format, pattern } = definition;
  if (format === undefined || !PATTERN_FORMATS.has(format) || pattern === undefined) return undefined;
  return (value) => {
    pattern.lastIndex = 0;
    return pattern.test(value as string);
  };
}

/** The checks of a string schema (its format and its `checks`), or undefined when one is not modelled. */
function stringCheck(definition: Definition): Check | undefined {
  if (definition.coerce === true) return undefined;
  const parts: Check[] = [];
  if (definition.check === 'string_format') {
    const format = patternCheck(definition);
    if (format === undefined) return undefined;
    parts.push(format);
  }
  for (const { _zod } of definition.checks ?? []) {
    const part = _zod.def.check === 'string_format' ? patternCheck(_zod.def) : lengthCheck(_zod.def);
    if (part === undefined) return undefined;
    parts.push(part);
  }
  return (value) => typeof value === 'string' && parts.every((part) => part(value));
}

/** The checks of a number schema, or undefined when one is not modelled. */
function numberCheck(definition: Definition): Check | undefined {
  if (definition.coerce === true) return undefined;
  const parts: Check[] = [];
  if (definition.check === 'number_format') {
    if (definition.format !== 'safeint') return undefined;
    parts.push((value) => Number.isSafeInteger(value));
  }
  for (const { _zod } of definition.checks ?? []) {
    const { check, value: bound, inclusive } = _zod.def;
    if (typeof bound !== 'number') return undefined;
    if (check === 'greater_than')
      parts.push((value) => (inclusive === true ? (value as number) >= bound : (value as number) > bound));
    else if (check === 'less_than')
      parts.push((value) => (inclusive === true ? (value as number) <= bound : (value as number) < bound));
    else return undefined;
  }
  return (value) => typeof value === 'number' && Number.isFinite(value) && parts.every((part) => part(value));
}

/**
 * A string or number schema with a check the compiler does not model (a URL, a refinement): zod parses
 * the leaf alone, which copies nothing, and the check holds when zod answers the value itself.
 */
function leafCheck(schema: z.ZodType): Check {
  return (value) => {
    const result = schema.safeParse(value);
    return result.success && Object.is(result.data, value);
  };
}

/** Leaves whose zod output is the input itself: what a union of them may hold. */
const PRIMITIVE_TYPES: ReadonlySet<string> = new Set([
  'string',
  'number',
  'boolean',
  'enum',
  'literal',
  'null',
]);

function isPrimitive(schema: z.ZodType): boolean {
  const definition = definitionOf(schema);
  if (definition.type === 'nullable' && definition.innerType !== undefined)
    return isPrimitive(definition.innerType);
  return PRIMITIVE_TYPES.has(definition.type);
}

/** A plain object as `JSON.parse` makes it (not an array, no other prototype). */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.getPrototypeOf(value) === Object.prototype
  );
}

/** A field of an object schema: its key, its check, and whether zod accepts it absent. */
interface Field {
  readonly key: string;
  readonly check: Check;
  readonly absentOk: boolean;
}

/** An object schema: plain object, only shape keys in shape order, each value unchanged. */
function objectCheck(definition: Definition, compile: (schema: z.ZodType) => Check): Check | undefined {
  const { shape } = definition;
  if (shape === undefined || (definition.checks?.length ?? 0) > 0) return undefined;
  const fields = Object.keys(shape).map((key) => {
    const schema = shape[key] as z.ZodType;
    const { optin, optout } = schema._zod;
    return { key, check: compile(schema), absentOk: optin === 'optional' && optout === 'optional' };
  });
  return (value) => {
    if (!isPlainObject(value)) return false;
    // One walk of the keys beside the shape's: each key must be the next field present (zod answers keys
    // in the shape's order and strips unknown ones), every field skipped must be one that may be absent.
    let next = 0;
    for (const key in value) {
      while (next < fields.length && (fields[next] as Field).key !== key) {
        if (!(fields[next] as Field).absentOk) return false;
        next++;
      }
      const field = fields[next];
      if (field === undefined || !field.check(value[key])) return false;
      next++;
    }
    for (; next < fields.length; next++) if (!(fields[next] as Field).absentOk) return false;
    return true;
  };
}

/** Kinds whose `checks` the compiler reads; a refinement on any other kind is not modelled. */
const CHECKED_KINDS: ReadonlySet<string> = new Set(['string', 'number', 'array']);

function compileUncached(schema: z.ZodType, compile: (schema: z.ZodType) => Check): Check {
  const definition = definitionOf(schema);
  if (!CHECKED_KINDS.has(definition.type) && (definition.checks?.length ?? 0) > 0) return never;
  switch (definition.type) {
    case 'string':
      return stringCheck(definition) ?? leafCheck(schema);
    case 'number':
      return numberCheck(definition) ?? leafCheck(schema);
    case 'boolean':
      return definition.coerce === true ? never : (value) => typeof value === 'boolean';
    case 'null':
      return (value) => value === null;
    case 'unknown':
    case 'any':
      return () => true;
    case 'enum':
    case 'literal': {
      // zod's own set of the accepted values.
      const values: ReadonlySet<unknown> | undefined = schema._zod.values;
      return values === undefined ? never : (value) => values.has(value);
    }
    case 'nullable': {
      if (definition.innerType === undefined) return never;
      const inner = compile(definition.innerType);
      return (value) => value === null || inner(value);
    }
    case 'optional': {
      if (definition.innerType === undefined) return never;
      const inner = compile(definition.innerType);
      return (value) => value === undefined || inner(value);
    }
    case 'array': {
      if (definition.element === undefined) return never;
      const element = compile(definition.element);
      const lengths: Check[] = [];
      for (const { _zod } of definition.checks ?? []) {
        const part = lengthCheck(_zod.def);
        if (part === undefined) return never;
        lengths.push(part);
      }
      return (value) => {
        if (!Array.isArray(value) || !lengths.every((part) => part(value))) return false;
        for (let index = 0; index < value.length; index++) {
          if (!(index in value) || !element(value[index])) return false;
        }
        return true;
      };
    }
    case 'record': {
      const { keyType, valueType } = definition;
      if (keyType === undefined || valueType === undefined) return never;
      // A key schema of plain strings (with a set of keys, zod reads the record another way).
      if (definitionOf(keyType).type !== 'string' || keyType._zod.values !== undefined) return never;
      const key = compile(keyType);
      const item = compile(valueType);
      return (value) => {
        if (!isPlainObject(value)) return false;
        const record = value;
        for (const name in record) {
          if (name === '__proto__' || !key(name) || !item(record[name])) return false;
        }
        return true;
      };
    }
    case 'union': {
      // Only unions of leaves: whichever option zod takes, its output is the input.
      const options = definition.options ?? [];
      if (options.length === 0 || !options.every(isPrimitive)) return never;
      const checks = options.map(compile);
      return (value) => checks.some((check) => check(value));
    }
    case 'object':
      return objectCheck(definition, compile) ?? never;
    default:
      return never;
  }
}

/**
 * Compiles (once per schema) the check of answers of `schema`: `true` when `schema.safeParse(value)`
 * would succeed with an output equal to `value`, key order included; `false` when not sure.
 */
export function createAnswerCheck(): (schema: z.ZodType, value: unknown) => boolean {
  const compiled = new WeakMap<z.ZodType, Check>();
  const compile = (schema: z.ZodType): Check => {
    const known = compiled.get(schema);
    if (known !== undefined) return known;
    // A schema met again while compiling itself (recursion) is not modelled: `never` until compiled.
    compiled.set(schema, never);
    const check = compileUncached(schema, compile);
    compiled.set(schema, check);
    return check;
  };
  return (schema, value) => compile(schema)(value);
}
