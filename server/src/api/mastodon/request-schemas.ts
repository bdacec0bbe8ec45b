import type { FastifySchemaCompiler } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type, type Static, type TSchema } from 'typebox';

/**
 * The Mastodon routes' request schemas (params, query, body) and how a request is read through them
 * (docs/decisions/123). Apps send parameters as JSON, a form, multipart or the query string, and as
 * Rails-style lists (`id[]=1&id[]=2`, api/mastodon/index.ts parses those): a route's schema says what its
 * handler receives, and every request is read into that shape the way Rails reads its parameters, so a
 * parameter means the same whichever way it came. Reading never refuses: a parameter of the wrong type
 * is left out (or given its default), as Mastodon ignores what it cannot read; the refusals a route
 * words (a policy that is none of Mastodon's, a duration out of range) stay in its handler, after its
 * authentication, where Mastodon checks them too.
 *
 * A schema uses only what a reading is defined for: text, a boolean, a list (of text or of objects), an
 * object with named properties, an object of any keys (`Type.Record`), anything (`Type.Unknown`). A
 * property a body or query requires has a default (what an app that leaves it out gets); one without is
 * `Type.Optional`. Anything else is refused when the route is built, not met by a request.
 */
type Params = Record<string, unknown>;

/** The JSON Schema keywords a reading looks at: a TypeBox schema is plain JSON Schema. */
interface Keywords {
  type?: unknown;
  items?: TSchema;
  properties?: Record<string, TSchema>;
  patternProperties?: Record<string, TSchema>;
  required?: string[];
  default?: unknown;
}
const keywordsOf = (schema: TSchema): Keywords => schema;

/** A reading of one value; undefined when the value is absent or has no reading of the schema's type. */
type Reading = (value: unknown) => unknown;

const asParams = (value: unknown): Params =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Params) : {};

/** Keywords a reading ignores: TypeBox's own marks and documentation. */
const inert = new Set(['~kind', '~optional', 'description', 'title', 'examples', 'default']);

function readingOf(tschema: TSchema, where: string): Reading {
  const schema = keywordsOf(tschema);
  const keywords = Object.keys(schema).filter((keyword) => !inert.has(keyword));
  const unreadable = (what: string) =>
    new Error(`The Mastodon request schema at ${where || 'its root'} ${what}: it has no Rails reading.`);
  const type: unknown = schema.type;
  const allowed = (...names: string[]) => {
    const other = keywords.find((keyword) => keyword !== 'type' && !names.includes(keyword));
    if (other !== undefined) throw unreadable(`uses "${other}"`);
  };
  switch (type) {
    case undefined:
      if (keywords.length > 0) throw unreadable(`uses "${keywords[0]}"`);
      return (value) => value;
    case 'string':
      allowed();
      return readText;
    case 'boolean':
      allowed();
      return readBoolean;
    case 'array': {
      allowed('items');
      const items = schema.items ?? {};
      const item = readingOf(items, `${where}[]`);
      return keywordsOf(items).type === 'object' ? objectList(item) : list(item);
    }
    case 'object':
      if ('patternProperties' in schema) {
        allowed('patternProperties');
        const patterns = Object.values(schema.patternProperties ?? {});
        if (patterns.length !== 1) throw unreadable('has more than one pattern');
        const entry = readingOf(patterns[0]!, `${where}[*]`);
        return (value) =>
          Object.fromEntries(Object.entries(asParams(value)).map(([key, item]) => [key, entry(item)]));
      }
      allowed('properties', 'required', 'additionalProperties');
      return objectReading(schema, where, unreadable);
    default:
      throw unreadable(`is of type ${JSON.stringify(type)}`);
  }
}

/** Text; numbers and booleans sent in JSON are read as their text. */
function readText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return undefined;
}

/** A boolean as Rails reads one: true, "true", "1", "on", "t" are true; empty is absent. */
function readBoolean(value: unknown): boolean | undefined {
  if (value === undefined || value === '') return undefined;
  if (typeof value === 'boolean') return value;
  return ['true', '1', 'on', 't'].includes(String(value).toLowerCase());
}

/** A list: `name[]=…` repeated, `name=…` once, or a JSON array; items without a reading are left out. */
const list =
  (item: Reading): Reading =>
  (value) => {
    if (value === undefined) return undefined;
    const values = Array.isArray(value) ? value : [value];
    return values.flatMap((entry) => {
      const read = typeof entry === 'string' || typeof entry === 'number' ? item(entry) : undefined;
      return read === undefined ? [] : [read];
    });
  };

/**
 * A list of objects: a JSON array, or an object keyed by index as a form writes one
 * (`fields_attributes[0][name]=…`), in index order.
 */
const objectList =
  (item: Reading): Reading =>
  (value) => {
    if (value === undefined) return undefined;
    const items = Array.isArray(value)
      ? value
      : Object.entries(asParams(value))
          .sort(([a], [b]) => Number(a) - Number(b))
          .map(([, entry]) => entry);
    return items.map(item);
  };

/**
 * An object's named properties, each read by its own schema (a list also under `name[]`, as a JSON
 * body may name it); other keys are left out. A value that is not an object reads as an empty one.
 */
function objectReading(schema: Keywords, where: string, unreadable: (what: string) => Error): Reading {
  const required = new Set(schema.required ?? []);
  const properties = Object.entries(schema.properties ?? {}).map(([name, tproperty]) => {
    const property = keywordsOf(tproperty);
    const read = readingOf(tproperty, where ? `${where}.${name}` : name);
    const isList = property.type === 'array';
    const fallback: unknown = property.default;
    if (required.has(name) && fallback === undefined && property.type !== 'object')
      throw unreadable(`requires ${name} without a default`);
    const defaultOf =
      typeof fallback === 'object' && fallback !== null ? () => structuredClone(fallback) : () => fallback;
    return { name, read, isList, defaultOf };
  });
  return (value) => {
    const params = asParams(value);
    const read: Params = {};
    for (const { name, read: reading, isList, defaultOf } of properties) {
      const given = params[name] ?? (isList ? params[`${name}[]`] : undefined);
      const result = reading(given) ?? defaultOf();
      if (result !== undefined) read[name] = result;
    }
    return read;
  };
}

/** A request part (or a streaming message) read through its schema: never refused, see above. */
export function readerOf<Schema extends TSchema>(schema: Schema): (value: unknown) => Static<Schema> {
  if (keywordsOf(schema).type !== 'object')
    throw new Error('A Mastodon request schema is an object of parameters.');
  return readingOf(schema, '') as (value: unknown) => Static<Schema>;
}

/**
 * The Mastodon plugin's validator compiler (`setValidatorCompiler`): a request part is replaced by its
 * reading, which Fastify takes from `{ value }`. Path parameters are always there, so a schema of `params`
 * may require them without a default; a body's or a query's required parameters need one.
 */
export const readRequestParts: FastifySchemaCompiler<TSchema> = ({ schema, httpPart }) => {
  if (httpPart === 'headers')
    throw new Error('Mastodon routes read headers themselves: a schema would replace them all.');
  const read = httpPart === 'params' ? readPathParams(schema) : readerOf(schema);
  return (data: unknown) => ({ value: read(data) });
};

/** Path parameters: text the router always gives, so each may be required without a default. */
function readPathParams(tschema: TSchema): Reading {
  const schema = keywordsOf(tschema);
  const properties = Object.entries(schema.properties ?? {});
  if (schema.type !== 'object' || properties.some(([, property]) => keywordsOf(property).type !== 'string'))
    throw new Error('A Mastodon route’s path parameters are text.');
  return (value) => {
    const params = asParams(value);
    return Object.fromEntries(properties.map(([name]) => [name, readText(params[name]) ?? '']));
  };
}

/** A Mastodon plugin's instance, whose routes' handlers receive what their schemas read. */
export type MastodonApp = Parameters<FastifyPluginAsyncTypebox>[0];

/** The path parameters of a route under `/:id`. */
export const IdParams = Type.Object({ id: Type.String() });

/**
 * Whether a route's schema names exactly its path's parameters (`/:id/quotes/:quoting_status_id`): a
 * handler reads them from `request.params` as its schema types them, so one left undeclared would be
 * read as nothing at all. The Mastodon plugin refuses such a route when it is added (index.ts).
 */
export function undeclaredPathParams(route: { url: string; schema?: { params?: unknown } }): string[] {
  const inPath = [...route.url.matchAll(/:(\w+)/g)].map((match) => match[1] ?? '');
  const params = route.schema?.params;
  const properties =
    typeof params === 'object' && params !== null && 'properties' in params ? params.properties : undefined;
  const declared = new Set(
    typeof properties === 'object' && properties !== null ? Object.keys(properties) : [],
  );
  const extra = [...declared].filter((name) => !inPath.includes(name));
  return [...inPath.filter((name) => !declared.has(name)), ...extra];
}
