import { Type, type Static } from 'typebox';

/**
 * Edit history (issue 28): an edited post or comment keeps every version it showed. A post or comment
 * that was edited carries `editedAt`; its history lists the versions oldest first, the current last.
 */
export const EditVersion = Type.Object({
  text: Type.String(),
  sensitive: Type.Boolean(),
  /** The images it showed, in their order, with the alt text they had. */
  media: Type.Array(Type.Object({ id: Type.String(), description: Type.String() })),
  /** When this version began to be shown (the creation, or the edit that made it). */
  writtenAt: Type.String(),
  /** The edit that replaced it; null for the version shown now. */
  replacedAt: Type.Union([Type.String(), Type.Null()]),
});
export type EditVersion = Static<typeof EditVersion>;

/** `GET /api/posts/:postId/history`, `GET /api/comments/:postId/:commentId/history`. */
export const EditHistoryReply = Type.Object({ versions: Type.Array(EditVersion) });
export type EditHistoryReply = Static<typeof EditHistoryReply>;
