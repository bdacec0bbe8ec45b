import { bumpAccountVersions } from '../../data/accounts.repo.js';
import type { Db } from '../../data/database.js';
import type { CommentRecord } from '../../data/comments.repo.js';
import type { NotifiedGroup } from '../../data/notifications.repo.js';
import { bumpVersions, type PostRecord } from '../../data/posts.repo.js';
import type { ReactionKind } from '../../data/schema.js';
import { bumpRulesVersions } from '../../data/users.repo.js';
import type { LiveMessage } from '../../platform/live/messages.js';
import type { MailMessage } from '../../platform/mail/mailer.js';
import type { Deps } from './deps.js';
import { enqueueMail } from './mail-jobs.js';

/**
 * The one commit path of the write use cases (docs/decisions/124): a write runs its transaction through
 * `commit` and declares, inside it, what must follow the change. Mail is written to the job queue in the
 * same transaction (decision 121); the live messages and the caches' notes are kept and, only once the
 * transaction has committed, published and noted in the order they were declared. A write that throws
 * declares nothing: no one hears of a change that was rolled back.
 */
export interface Effects {
  /** A live message to publish once the change is committed. */
  publish(message: LiveMessage): void;
  /** The notifications the change created or grew, each told to its recipient. */
  notified(groups: readonly (NotifiedGroup | undefined)[]): void;
  /** The counts a post now has (after a like, dislike, repost, new or deleted comment). */
  counts(post: Pick<PostRecord, 'id' | 'like_count' | 'comment_count' | 'repost_count'>): void;
  /** A post just written, for the post cache. */
  newPost(record: PostRecord): void;
  /** A post whose text or counts changed, for the post cache. */
  editedPost(record: PostRecord): void;
  /** A comment just written under `record`, for the post cache. */
  newComment(record: PostRecord, comment: CommentRecord): void;
  /** The viewer's own like or dislike of `record` (`steps` as the post cache counts them). */
  ownReaction(record: PostRecord, viewerId: string, kind: ReactionKind, steps: number): void;
  /** A message to send once the change is committed: queued in its transaction (decision 121). */
  mail(at: Date, message: MailMessage): Promise<void>;
  /**
   * What these people's rules hold changed (a block: both people's; a mute, a filter, notification
   * settings: the person's own): their rules' versions move now, in the transaction, so no kept rules
   * older are used (decision 112), and every process reads their rules again once it has committed.
   */
  rulesChanged(userIds: readonly string[]): Promise<void>;
  /**
   * These posts show something else now though their rows did not change (a block hides comments under
   * them, a deleted person's likes and comments go): their versions move now, in the transaction, so no
   * cache shows them as they were.
   */
  postsChanged(postIds: readonly string[]): Promise<void>;
  /**
   * What these accounts show changed (a profile's fields, a picture, a name): their versions move now,
   * in the transaction, and every process's kept summaries and accounts of them are read again, since
   * each page reads the versions of the people it shows (docs/decisions/126). No message is needed.
   */
  accountChanged(accountIds: readonly string[]): Promise<void>;
}

/** What follows a commit reaches: the live messages' publisher and the post cache. */
export interface CommitDeps extends Pick<Deps, 'db' | 'events'> {
  hydrator: Pick<Deps['hydrator'], 'noteNewPost' | 'noteEditedPost' | 'noteNewComment' | 'noteOwnReaction'>;
}

/**
 * For a process beside no server (the command line): it has no live hub to publish to and no cache to
 * tell, so what its writes declare reaches no one.
 */
export const nothingFollows: Pick<CommitDeps, 'events' | 'hydrator'> = {
  events: { publish: () => undefined },
  hydrator: {
    noteNewPost: () => undefined,
    noteEditedPost: () => undefined,
    noteNewComment: () => undefined,
    noteOwnReaction: () => undefined,
  },
};

/** Runs `change` in one transaction; once it has committed, what it declared follows. Its result. */
export async function commit<Result>(
  deps: CommitDeps,
  change: (trx: Db, effects: Effects) => Promise<Result>,
): Promise<Result> {
  const following: (() => void)[] = [];
  const publish = (message: LiveMessage) => following.push(() => deps.events.publish(message));
  const result = await deps.db.transaction().execute((trx) =>
    change(trx, {
      publish,
      notified(groups) {
        for (const group of groups)
          if (group)
            publish({
              type: 'notification',
              userId: group.recipientId,
              notificationId: group.notificationId,
            });
      },
      counts(post) {
        publish({
          type: 'counts',
          postId: post.id,
          likeCount: post.like_count,
          commentCount: post.comment_count,
          repostCount: post.repost_count,
        });
      },
      newPost: (record) => following.push(() => deps.hydrator.noteNewPost(record)),
      editedPost: (record) => following.push(() => deps.hydrator.noteEditedPost(record)),
      newComment: (record, comment) => following.push(() => deps.hydrator.noteNewComment(record, comment)),
      ownReaction: (record, viewerId, kind, steps) =>
        following.push(() => deps.hydrator.noteOwnReaction(record, viewerId, kind, steps)),
      mail: (at, message) => enqueueMail(trx, at, message),
      async rulesChanged(userIds) {
        await bumpRulesVersions(trx, userIds);
        publish({ type: 'rules-changed', userIds: [...userIds] });
      },
      postsChanged: (postIds) => bumpVersions(trx, postIds),
      accountChanged: (accountIds) => bumpAccountVersions(trx, accountIds),
    }),
  );
  for (const follow of following) follow();
  return result;
}
