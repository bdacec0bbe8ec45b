import { Type, type Static } from 'typebox';
import { Entity, Nullable } from './entity.js';

/** One size of an image in a MediaAttachment's `meta`. */
export const MediaSize = Entity({
  width: Type.Integer(),
  height: Type.Integer(),
  /** "WIDTHxHEIGHT". */
  size: Type.String(),
  aspect: Type.Number(),
});
export type MediaSize = Static<typeof MediaSize>;

/** https://docs.joinmastodon.org/entities/MediaAttachment/ — Sync keeps images only. */
export const MediaAttachment = Entity({
  id: Type.String(),
  type: Type.Literal('image'),
  url: Type.String(),
  preview_url: Type.String(),
  remote_url: Type.Null(),
  meta: Entity({
    original: MediaSize,
    small: MediaSize,
    focus: Entity({ x: Type.Number(), y: Type.Number() }),
  }),
  /** Alt text; null when none was written. */
  description: Nullable(Type.String()),
  blurhash: Type.String(),
});
export type MediaAttachment = Static<typeof MediaAttachment>;
