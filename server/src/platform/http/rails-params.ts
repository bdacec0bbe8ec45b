/**
 * Parameters as Mastodon (a Rails application) reads them from a query string or a form body:
 * `media_ids[]=1&media_ids[]=2` is a list, `source[note]=hi` an object, `fields_attributes[0][name]=x`
 * an object keyed by index, `keywords_attributes[][keyword]=x` a list of objects. Mastodon apps send all three forms, and JSON bodies with the same shapes.
 */
export type RailsValue = string | RailsValue[] | { [key: string]: RailsValue };
export type RailsParams = { [key: string]: RailsValue };

/** Keys that would reach an object's prototype are dropped. */
const unsafeKeys = new Set(['__proto__', 'constructor', 'prototype']);

function segmentsOf(key: string): string[] | undefined {
  const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
  if (!match) return undefined;
  const nested = [...match[2]!.matchAll(/\[([^[\]]*)\]/g)].map((part) => part[1]!);
  return [match[1]!, ...nested];
}

function isObject(value: RailsValue | undefined): value is { [key: string]: RailsValue } {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function railsParams(entries: Iterable<[string, string]>): RailsParams {
  const params: RailsParams = Object.create(null) as RailsParams;
  for (const [key, value] of entries) {
    const segments = segmentsOf(key);
    if (!segments || segments.some((segment) => unsafeKeys.has(segment))) continue;
    let target: { [key: string]: RailsValue } = params;
    for (let index = 0; index < segments.length; index++) {
      const segment = segments[index]!;
      const next = segments[index + 1];
      if (next === undefined) {
        target[segment] = value;
      } else if (next === '' && index + 2 === segments.length) {
        const list = target[segment];
        if (Array.isArray(list)) list.push(value);
        else target[segment] = [value];
        break;
      } else if (next === '' && index + 3 === segments.length) {
        // `keywords_attributes[][keyword]=a&keywords_attributes[][whole_word]=1&…`: a list of objects; a
        // key the last object already has starts the next one, as Rails reads it.
        const key = segments[index + 2]!;
        let list = target[segment];
        if (!Array.isArray(list)) target[segment] = list = [];
        const last = list.at(-1);
        if (isObject(last) && !(key in last)) last[key] = value;
        else list.push(Object.assign(Object.create(null) as RailsParams, { [key]: value }));
        break;
      } else {
        const child = target[segment];
        if (!isObject(child)) target[segment] = Object.create(null) as RailsParams;
        target = target[segment] as { [key: string]: RailsValue };
      }
    }
  }
  return params;
}

/** A query string or a form body (`application/x-www-form-urlencoded`), Rails-style. */
export const parseRailsParams = (text: string): RailsParams => railsParams(new URLSearchParams(text));
