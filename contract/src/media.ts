import { Type, type Static } from 'typebox';

/**
 * Photos (docs/decisions/090): uploaded before posting (`POST /api/media`, multipart, one `file`), then
 * attached by id to a post or a comment. The server decides the type from the file's bytes, strips
 * every metadata field, rotates it upright and keeps a WebP preview at most 640 px wide.
 */

export const MediaLimits = {
  descriptionMax: 1500,
  /** A comment shows one image; a post's limit is the server's (`media.maxPerPost` of GET /api/instance). */
  perComment: 1,
  /** The longest side of a stored original; larger photos are scaled down. */
  originalMaxWidth: 3840,
  originalMaxHeight: 2160,
  previewMaxWidth: 640,
} as const;

/** Where the picture's subject is, from -1 (left, bottom) to 1 (right, top), as Mastodon's focal point. */
export const Focus = Type.Object({
  x: Type.Number({ minimum: -1, maximum: 1 }),
  y: Type.Number({ minimum: -1, maximum: 1 }),
});
export type Focus = Static<typeof Focus>;

export const MediaAttachment = Type.Object({
  id: Type.String(),
  type: Type.Literal('image'),
  /** The image as stored (upright, no metadata, at most 3840×2160); absolute. */
  url: Type.String(),
  /** A WebP at most 640 px wide: what a list shows. For an animated image, its still first frame. */
  previewUrl: Type.String(),
  width: Type.Integer(),
  height: Type.Integer(),
  previewWidth: Type.Integer(),
  previewHeight: Type.Integer(),
  /** A few bytes that draw a blurred stand-in while the preview loads (https://blurha.sh). */
  blurhash: Type.String(),
  /** Alt text; empty when the uploader wrote none. */
  description: Type.String(),
  focus: Focus,
  /** An animated GIF or WebP: `url` moves, `previewUrl` does not. */
  animated: Type.Boolean(),
});
export type MediaAttachment = Static<typeof MediaAttachment>;

/** `POST /api/media`, `GET|PATCH /api/media/:id`. */
export const MediaReply = Type.Object({ media: MediaAttachment });
export type MediaReply = Static<typeof MediaReply>;

/** `PATCH /api/media/:id`: before and after the image is posted. */
export const MediaUpdateBody = Type.Object({
  description: Type.Optional(Type.String()),
  focus: Type.Optional(Focus),
});
export type MediaUpdateBody = Static<typeof MediaUpdateBody>;

/** What the server takes, in `GET /api/instance`, so a client can refuse a file before sending it. */
export const MediaConfiguration = Type.Object({
  maxPerPost: Type.Integer(),
  maxBytes: Type.Integer(),
  maxPixels: Type.Integer(),
  descriptionMax: Type.Integer(),
  /** MIME types, as an `accept` attribute takes them. */
  types: Type.Array(Type.String()),
});
export type MediaConfiguration = Static<typeof MediaConfiguration>;
