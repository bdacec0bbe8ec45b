/**
 * Reading a Mastodon request's parameters. Apps send them as JSON, a form, multipart or the query
 * string, and as Rails-style lists (`id[]=1&id[]=2`): every route reads them through these, so a
 * parameter means the same whichever way it came.
 */
type Params = Record<string, unknown>;

const asParams = (value: unknown): Params =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Params) : {};

/** A text parameter; numbers and booleans sent in JSON are read as their text. */
export function stringParam(source: unknown, name: string): string | undefined {
  const value = asParams(source)[name];
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return undefined;
}

/** An object parameter (`home[last_read_id]=…`, or a JSON object): its own parameters, read as these are. */
export const objectParam = (source: unknown, name: string): Params => asParams(asParams(source)[name]);

/** A list parameter: `name[]=…` repeated, `name=…` once, or a JSON array. */
export function listParam(source: unknown, name: string): string[] {
  const params = asParams(source);
  const value = params[name] ?? params[`${name}[]`];
  const values = Array.isArray(value) ? value : value === undefined ? [] : [value];
  return values.flatMap((item) =>
    typeof item === 'string' ? [item] : typeof item === 'number' ? [String(item)] : [],
  );
}

/** A boolean parameter as Rails reads one: true, "true", "1", "on" are true. */
export function booleanParam(source: unknown, name: string): boolean | undefined {
  const value = asParams(source)[name];
  if (value === undefined || value === '') return undefined;
  if (typeof value === 'boolean') return value;
  return ['true', '1', 'on', 't'].includes(String(value).toLowerCase());
}

/**
 * A list of objects: a JSON array, or an object keyed by index as a form writes one
 * (`fields_attributes[0][name]=…`), in index order; undefined when the parameter is not there.
 */
export function objectListParam(source: unknown, name: string): Params[] | undefined {
  const value = asParams(source)[name];
  if (value === undefined) return undefined;
  const items = Array.isArray(value)
    ? value
    : Object.entries(asParams(value))
        .sort(([a], [b]) => Number(a) - Number(b))
        .map(([, item]) => item);
  return items.map(asParams);
}
