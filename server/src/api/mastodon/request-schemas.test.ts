import { describe, expect, it } from 'vitest';
import { Type } from 'typebox';
import { parseRailsParams } from '../../platform/http/rails-params.js';
import { readerOf, readRequestParts, undeclaredPathParams } from './request-schemas.js';

const text = Type.Optional(Type.String());

describe('Mastodon request schemas read parameters as Rails does', () => {
  it('reads text, and numbers and booleans sent in JSON as their text; other values are left out', () => {
    const read = readerOf(
      Type.Object({ a: text, b: text, c: text, d: text, e: Type.String({ default: '' }) }),
    );
    expect(read({ a: 'x', b: 5, c: true, d: { x: '1' }, e: ['y'] })).toEqual({
      a: 'x',
      b: '5',
      c: 'true',
      e: '',
    });
  });

  it('reads booleans as Rails does: true, "true", "1", "on", "t" are true, empty is absent', () => {
    const flag = Type.Optional(Type.Boolean());
    const read = readerOf(Type.Object({ a: flag, b: flag, c: flag, d: flag, e: flag, f: flag, g: flag }));
    expect(read({ a: true, b: 'TRUE', c: '1', d: 'on', e: 't', f: '0', g: '' })).toEqual({
      a: true,
      b: true,
      c: true,
      d: true,
      e: true,
      f: false,
    });
    expect(readerOf(Type.Object({ a: Type.Boolean({ default: true }) }))({ a: '' })).toEqual({ a: true });
  });

  it('reads a list from name[] repeated, name once, a JSON array or a JSON key with []; absent is its default', () => {
    const read = readerOf(Type.Object({ ids: Type.Array(Type.String(), { default: [] }) }));
    expect(read(parseRailsParams('ids[]=1&ids[]=2'))).toEqual({ ids: ['1', '2'] });
    expect(read(parseRailsParams('ids=1'))).toEqual({ ids: ['1'] });
    expect(read(parseRailsParams('ids=1&ids=2'))).toEqual({ ids: ['2'] });
    expect(read({ ids: ['1', 2, true, { a: 1 }] })).toEqual({ ids: ['1', '2'] });
    expect(read({ 'ids[]': ['3'] })).toEqual({ ids: ['3'] });
    expect(read({})).toEqual({ ids: [] });
    expect(readerOf(Type.Object({ ids: Type.Optional(Type.Array(Type.String())) }))({})).toEqual({});
  });

  it('reads a list of objects from a JSON array or a form keyed by index, in index order', () => {
    const read = readerOf(
      Type.Object({
        fields: Type.Optional(Type.Array(Type.Object({ name: Type.String({ default: '' }), value: text }))),
      }),
    );
    expect(read(parseRailsParams('fields[1][name]=b&fields[0][name]=a&fields[0][value]=1'))).toEqual({
      fields: [{ name: 'a', value: '1' }, { name: 'b' }],
    });
    expect(read({ fields: [{ name: 'a' }, 'junk'] })).toEqual({ fields: [{ name: 'a' }, { name: '' }] });
    expect(read({})).toEqual({});
  });

  it('reads a named object always (empty when absent or not an object), and an object of any keys as sent', () => {
    const read = readerOf(
      Type.Object({
        source: Type.Object({ quote_policy: text }),
        poll: Type.Record(Type.String(), Type.Unknown()),
      }),
    );
    expect(read(parseRailsParams('source[quote_policy]=nobody&poll[options][]=a'))).toEqual({
      source: { quote_policy: 'nobody' },
      poll: { options: ['a'] },
    });
    expect(read({ source: 'x', poll: 'y' })).toEqual({ source: {}, poll: {} });
    expect(read(null)).toEqual({ source: {}, poll: {} });
  });

  it('hands Fastify the reading as the request part; path parameters are text, never absent', () => {
    const body = readRequestParts({
      schema: Type.Object({ a: text }),
      httpPart: 'body',
      method: 'POST',
      url: '/',
    });
    expect(body({ a: 1, other: 'x' })).toEqual({ value: { a: '1' } });
    const params = readRequestParts({
      schema: Type.Object({ id: Type.String() }),
      httpPart: 'params',
      method: 'GET',
      url: '/:id',
    });
    expect(params({ id: '7' })).toEqual({ value: { id: '7' } });
  });

  it('refuses, when the route is built, a schema it has no reading for', () => {
    expect(() => readerOf(Type.Object({ n: Type.Optional(Type.Number()) }))).toThrow(/n is of type "number"/);
    expect(() => readerOf(Type.Object({ s: Type.Optional(Type.String({ maxLength: 3 })) }))).toThrow(
      /uses "maxLength"/,
    );
    expect(() => readerOf(Type.Object({ s: Type.String() }))).toThrow(/requires s without a default/);
    expect(() => readerOf(Type.Object({ u: Type.Union([Type.String(), Type.Boolean()]) }))).toThrow(/anyOf/);
    expect(() =>
      readRequestParts({ schema: Type.Object({}), httpPart: 'headers', method: 'GET', url: '/' }),
    ).toThrow(/headers/);
  });

  it('finds a route whose params schema does not name its path parameters', () => {
    const id = Type.Object({ id: Type.String() });
    expect(undeclaredPathParams({ url: '/api/v1/statuses/:id', schema: { params: id } })).toEqual([]);
    expect(undeclaredPathParams({ url: '/api/v1/statuses/:id' })).toEqual(['id']);
    expect(
      undeclaredPathParams({ url: '/api/v1/statuses/:id/quotes/:quoting_status_id', schema: { params: id } }),
    ).toEqual(['quoting_status_id']);
    expect(undeclaredPathParams({ url: '/api/v1/statuses', schema: { params: id } })).toEqual(['id']);
    expect(undeclaredPathParams({ url: '/api/v1/statuses' })).toEqual([]);
  });
});
