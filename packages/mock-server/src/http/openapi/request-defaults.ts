import type { SchemaRule } from './schema-types.ts';

/**
 * On the request side a default is said in the description, not as `default`. The field stays
 * optional either way, but openapi-typescript (with its default `defaultNonNullable`) makes a
 * property with a `default` required in a component schema, which would make a generated client
 * refuse to compile a body the server accepts (`POST /products` without `status`).
 */
export const requestDefaultsInWords: SchemaRule = ({ jsonSchema }) => {
  if (!('default' in jsonSchema)) return;
  const value = jsonSchema['default'];
  delete jsonSchema['default'];
  const words = `Defaults to \`${typeof value === 'string' ? value : JSON.stringify(value)}\`.`;
  const given = jsonSchema['description'];
  if (typeof given !== 'string') jsonSchema['description'] = words;
  else if (!given.includes(words)) jsonSchema['description'] = `${given} ${words}`;
};
