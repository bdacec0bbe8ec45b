/**
 * What happened, as the write use cases raise it once their transaction has committed. Small and
 * JSON-serialisable: it crosses processes, and each process renders the answers for its own streams.
 */
export type LiveMessage =
  | { type: 'post'; postId: string; authorId: string }
  | { type: 'comment'; postId: string; commentId: string; authorId: string }
  | { type: 'post-edited'; postId: string; authorId: string }
  | { type: 'comment-edited'; postId: string; commentId: string; authorId: string }
  | { type: 'post-deleted'; postId: string; authorId: string }
  | { type: 'comment-deleted'; postId: string; commentId: string; authorId: string }
  | { type: 'notification'; userId: string; notificationId: string }
  /** A follow was made or undone: both people's follow counts moved. */
  | { type: 'follow-changed'; followerId: string; followeeId: string }
  /** `repostCount` is absent from the messages of a version before reposts (a rolling upgrade). */
  | { type: 'counts'; postId: string; likeCount: number; commentCount: number; repostCount?: number }
  /** The user's tokens were revoked (password changed, account deleted): their open streams end. */
  | { type: 'sessions-ended'; userId: string }
  /** These OAuth access tokens were revoked (an app signed out, or was removed in Settings). */
  | { type: 'tokens-revoked'; tokenIds: string[] }
  /**
   * What these people's reads leave out changed (a block, a mute, a filter, a follow of theirs): the
   * rules kept for them are read again (read/rules).
   */
  | { type: 'rules-changed'; userIds: string[] }
  /**
   * A moderator suspended, limited or restored this account, or changed its role: every viewer's rules
   * are read again, and the account's row kept for its own requests.
   */
  | { type: 'moderation-changed'; userId: string };

/** How a use case raises a message: fire and forget, never throws into the request. */
export interface EventPublisher {
  publish(message: LiveMessage): void;
}

/** Whether a value read from the shared channel is a message this version understands. */
export function isLiveMessage(value: unknown): value is LiveMessage {
  if (typeof value !== 'object' || value === null) return false;
  const field = (key: string): unknown => Reflect.get(value, key);
  const strings = (...keys: string[]) => keys.every((key) => typeof field(key) === 'string');
  switch (field('type')) {
    case 'post':
    case 'post-edited':
    case 'post-deleted':
      return strings('postId', 'authorId');
    case 'comment':
    case 'comment-edited':
    case 'comment-deleted':
      return strings('postId', 'commentId', 'authorId');
    case 'notification':
      return strings('userId', 'notificationId');
    case 'follow-changed':
      return strings('followerId', 'followeeId');
    case 'counts':
      return (
        strings('postId') &&
        typeof field('likeCount') === 'number' &&
        typeof field('commentCount') === 'number' &&
        ['number', 'undefined'].includes(typeof field('repostCount'))
      );
    case 'sessions-ended':
      return strings('userId');
    case 'rules-changed': {
      const userIds = field('userIds');
      return Array.isArray(userIds) && userIds.every((id) => typeof id === 'string');
    }
    case 'moderation-changed':
      return strings('userId');
    case 'tokens-revoked': {
      const tokenIds = field('tokenIds');
      return Array.isArray(tokenIds) && tokenIds.every((id) => typeof id === 'string');
    }
    default:
      return false;
  }
}

/** The `counts` event of a stream (contract LiveEvents), from its message. */
export function countsEvent(message: Extract<LiveMessage, { type: 'counts' }>) {
  const { postId, likeCount, commentCount, repostCount } = message;
  return { postId, likeCount, commentCount, ...(repostCount !== undefined && { repostCount }) };
}
