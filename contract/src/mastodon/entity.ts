import {
  Type,
  type Static,
  type TDependent,
  type TEnum,
  type TNull,
  type TObject,
  type TProperties,
  type TSchema,
  type TUnsafe,
} from 'typebox';

/**
 * An entity as Sync answers it: exactly these fields, so an answer that grows a field fails its schema
 * (the golden answers are checked against them) until the schema says so.
 */
export const Entity = <Properties extends TProperties>(properties: Properties): TObject<Properties> =>
  Type.Object(properties, { additionalProperties: false });

/** A schema that names its JSON type: a string, a number, a boolean, a list or an object. */
type Typed = TSchema & { type: 'string' | 'integer' | 'number' | 'boolean' | 'array' | 'object' };

const isTyped = (schema: TSchema): schema is Typed => 'type' in schema && typeof schema.type === 'string';

/**
 * A field Mastodon documents as nullable: always present, null when there is nothing to say.
 *
 * Not `Type.Union([schema, Type.Null()])`: fast-json-stringify (the routes' serializer) writes a union
 * (`anyOf`) by running Ajv on its branches, for every value, until one validates, so a nullable object
 * was validated whole each time it was written (decision 128). A schema that names its type is declared
 * as that type or null (`type: ['string', 'null']`), which the serializer writes with a `=== null` test;
 * one that names none (a `$ref` to a status) is `if: { type: 'null' }` (then null) `else: schema`, which
 * asks Ajv only whether the value is null. Both validate exactly the documents the union did, and the
 * static type is the same, `Static<schema> | null`. A typed schema's static type is read outside any
 * `Type.Cyclic`, so a typed schema holding a `Type.Ref` would lose it: none does.
 */
export function Nullable<Schema extends Typed>(schema: Schema): TUnsafe<Static<Schema> | null>;
export function Nullable<Schema extends TSchema>(schema: Schema): TDependent<TNull, TNull, Schema>;
export function Nullable(schema: TSchema): TSchema {
  return isTyped(schema)
    ? Type.Unsafe({ ...schema, type: [schema.type, 'null'] })
    : Type.Dependent(Type.Null(), Type.Null(), schema);
}

/**
 * A text that is one of these words (a notification's type, a quote's state). An `enum` of strings,
 * not a union of literals: fast-json-stringify writes it as the string it is, where it would run Ajv on
 * each literal of the union until one matched (decision 128). The static type is the same union.
 */
export const OneOf = <const Words extends string[]>(words: Words): TEnum<Words> =>
  Type.Enum<Words>(words, { type: 'string' });

/**
 * One of two entities, told apart by fields the first requires and the second does not declare (an
 * `Entity` has no other fields): `if` the value has them, `then` the first, `else` the second. That
 * validates the documents `Type.Union([first, second])` does, but fast-json-stringify asks Ajv only the
 * `if` (are the telling fields there?), where for a union it validated each whole entity, for every
 * value, until one matched (decision 128). The static type is the union's, the first's intersected with
 * the telling fields it already has.
 */
export const Either = <Telling extends TProperties, First extends TSchema, Second extends TSchema>(
  telling: Telling,
  first: First,
  second: Second,
): TDependent<TObject<Telling>, First, Second> => Type.Dependent(Type.Object(telling), first, second);

/** A list Mastodon fills (custom emojis, roles, …) that Sync always answers empty. */
export const AlwaysEmpty = Type.Array(Type.Never());

/** The answer of an action with nothing to tell (a dismissed notification, a deleted filter): `{}`. */
export const Empty = Entity({});
