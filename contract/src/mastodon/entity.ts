import { Type, type TObject, type TProperties, type TSchema, type TUnion, type TNull } from 'typebox';

/**
 * An entity as Sync answers it: exactly these fields, so an answer that grows a field fails its schema
 * (the golden answers are checked against them) until the schema says so.
 */
export const Entity = <Properties extends TProperties>(properties: Properties): TObject<Properties> =>
  Type.Object(properties, { additionalProperties: false });

/** A field Mastodon documents as nullable: always present, null when there is nothing to say. */
export const Nullable = <Schema extends TSchema>(schema: Schema): TUnion<[Schema, TNull]> =>
  Type.Union([schema, Type.Null()]);

/** A list Mastodon fills (custom emojis, roles, …) that Sync always answers empty. */
export const AlwaysEmpty = Type.Array(Type.Never());

/** The answer of an action with nothing to tell (a dismissed notification, a deleted filter): `{}`. */
export const Empty = Entity({});
