import type { HydratedComment, HydratedPost } from '../hydration/posts.js';
import type { StatusItem } from '../hydration/statuses.js';
import type { ReadContext, ViewerRules } from './viewer-rules.js';

/**
 * The rules applied to hydrated posts, comments and statuses. The hydrated objects are shared by every
 * viewer (the post cache): a post that loses comments to the rules becomes a new object for this viewer
 * alone, so what the views keep per hydrated post (its JSON text) is never another viewer's.
 */

/** Where a comment is read from the place its post is read: a post's comments are a thread. */
const commentContext = (context: ReadContext): ReadContext =>
  context === 'notifications' ? context : 'thread';

export function visibleComments(
  rules: ViewerRules,
  comments: readonly HydratedComment[],
  context: ReadContext,
): HydratedComment[] {
  const inContext = commentContext(context);
  return comments.filter((comment) => rules.shows(comment.record.author_id, inContext));
}

/** The posts the viewer sees, each with only the comments the viewer sees. */
export function visiblePosts(
  rules: ViewerRules,
  posts: readonly HydratedPost[],
  context: ReadContext,
): HydratedPost[] {
  if (rules.hidesNothing) return [...posts];
  return posts.flatMap((post) => {
    if (!rules.shows(post.record.author_id, context)) return [];
    const comments = visibleComments(rules, post.comments, context);
    return comments.length === post.comments.length ? [post] : [{ ...post, comments }];
  });
}

/** The statuses (posts and comments) the viewer sees. */
export function visibleStatuses(rules: ViewerRules, items: readonly StatusItem[], context: ReadContext) {
  if (rules.hidesNothing) return [...items];
  return items.flatMap((item): StatusItem[] => {
    if (item.kind === 'post') {
      const [post] = visiblePosts(rules, [item.post], context);
      return post ? [{ kind: 'post', post }] : [];
    }
    // A comment shows only where its post's author is seen too.
    const seen =
      rules.seesAccount(item.post.author_id) &&
      rules.shows(item.comment.record.author_id, context === 'post' ? context : commentContext(context));
    return seen ? [item] : [];
  });
}
