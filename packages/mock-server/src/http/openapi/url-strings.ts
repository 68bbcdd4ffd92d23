import type { SchemaRule } from './schema-types.ts';

const URL_DESCRIPTION =
  'An absolute URL, read as a browser’s URL parser reads it: characters RFC 3986 leaves out, such as ' +
  'the braces of a `{PLACEHOLDER}`, are accepted.';

/**
 * URLs are strings without `format: uri`. The server reads a URL as the WHATWG URL parser does, which
 * accepts what RFC 3986 (and so `format: uri`) refuses: the `{CHECKOUT_SESSION_ID}` of a redirect URL,
 * spaces and other characters it percent-encodes. Its answers echo URLs as they were sent, so the rule
 * holds on both sides. The scheme rule (http or https) is the description's to say.
 */
export const urlStrings: SchemaRule = ({ zodSchema, jsonSchema }) => {
  const def = zodSchema._zod.def as { type: string; format?: string; protocol?: RegExp };
  if (def.type !== 'string' || def.format !== 'url') return;
  delete jsonSchema['format'];
  const schemes = def.protocol === undefined ? '' : ` Its scheme matches \`${def.protocol.source}\`.`;
  jsonSchema['description'] ??= `${URL_DESCRIPTION}${schemes}`;
};
