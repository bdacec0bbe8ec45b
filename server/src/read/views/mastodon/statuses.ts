import { mentionedUsernames } from '@sync/contract';
import type {
  AccountRecord,
  HydratedComment,
  HydratedPost,
  HydratedStatuses,
  StatusItem,
  ViewerMarks,
} from '../../hydration/hydrator.js';
import { JsonText } from '../json-text.js';
import { accountView } from './accounts.js';
import type { Account, Context, Status, StatusMention } from '@sync/contract/mastodon';
import { textToHtml } from './html.js';
import { filterResultView } from './filters.js';
import type { Uris } from '../../../platform/uris/uris.js';
import { mediaAttachmentView } from './media.js';
import { quoteFields } from './quotes.js';
import { reblogWrapper } from './reblogs.js';
import { statusText } from './serializers.js';

/**
 * Posts and comments as Mastodon statuses (docs/decisions/070): a post is a public status; a comment
 * is a reply to its post, or to the comment it answers; likes of a post and upvotes of a comment are
 * its favourites. Dislikes and downvotes have no Mastodon equivalent and are not shown.
 */

const textOf = (item: StatusItem) =>
  item.kind === 'post' ? item.post.record.content : item.comment.record.text;

const editedAt = (record: { created_at: string; updated_at: string }) =>
  record.updated_at !== record.created_at ? record.updated_at : null;

/** The account of each author an answer shows, viewed once per answer. */
function accountsOf(hydrated: HydratedStatuses, urls: Uris): (id: string) => Account | undefined {
  const accounts = new Map<string, Account>();
  return (id) => {
    let account = accounts.get(id);
    if (!account) {
      const record = hydrated.accounts.get(id);
      if (!record) return undefined;
      account = accountView(record, urls);
      accounts.set(id, account);
    }
    return account;
  };
}

/** The statuses of a hydrated answer, in its order; any whose author is gone is left out. */
export function statusViews(hydrated: HydratedStatuses, viewerId: string | undefined, urls: Uris): Status[] {
  const accountOf = accountsOf(hydrated, urls);
  return hydrated.items.flatMap((item) => {
    const status = statusView(item, hydrated, viewerId, urls, accountOf);
    if (!status) return [];
    const wrapped = asReblog(item, hydrated, urls, accountOf, status);
    return [wrapped ?? status];
  });
}

/** The status as the reblog it is shown as in this answer (`hydrated.reblogs`), if it is one. */
function asReblog(
  item: StatusItem,
  hydrated: HydratedStatuses,
  urls: Uris,
  accountOf: (id: string) => Account | undefined,
  status: Status,
): Status | undefined {
  const repost = item.kind === 'post' ? hydrated.reblogs?.get(item.post.record.id) : undefined;
  const reposter = repost && accountOf(repost.user_id);
  return repost && reposter ? reblogWrapper(repost, reposter, urls, status) : undefined;
}

function statusView(
  item: StatusItem,
  hydrated: HydratedStatuses,
  viewerId: string | undefined,
  urls: Uris,
  accountOf: (id: string) => Account | undefined,
): Status | undefined {
  const shared = sharedStatusView(item, hydrated, urls, accountOf);
  if (!shared) return undefined;
  const status: Status = { ...shared, ...quoteFieldsOf(item, hydrated, viewerId, urls, accountOf) };
  const marks = hydrated.marks;
  if (viewerId === undefined || !marks) return status;
  return { ...status, ...viewerFields(item, marks) };
}

/** What a comment shows of quotes: nothing, and nobody may quote it (Sync quotes posts only). */
const commentQuoteFields = (hydrated: HydratedStatuses): Pick<Status, 'quote' | 'quote_approval'> => ({
  quote: null,
  quote_approval: { automatic: [], manual: [], current_user: hydrated.quotable ? 'denied' : 'unknown' },
});

/** A status's `quote` (its quoted status with the viewer's own fields) and `quote_approval` (quotes.ts). */
function quoteFieldsOf(
  item: StatusItem,
  hydrated: HydratedStatuses,
  viewerId: string | undefined,
  urls: Uris,
  accountOf: (id: string) => Account | undefined,
): Pick<Status, 'quote' | 'quote_approval'> {
  if (item.kind === 'comment') return commentQuoteFields(hydrated);
  return quoteFields(item.post, hydrated, (post) => {
    const quoted: StatusItem = { kind: 'post', post };
    const shared = sharedStatusView(quoted, hydrated, urls, accountOf);
    const marks = hydrated.marks;
    return shared && viewerId !== undefined && marks ? { ...shared, ...viewerFields(quoted, marks) } : shared;
  });
}

/** What every viewer sees of a status: all but its quote and the viewer's own fields. */
function sharedStatusView(
  item: StatusItem,
  hydrated: HydratedStatuses,
  urls: Uris,
  accountOf: (id: string) => Account | undefined,
): Omit<Status, 'quote' | 'quote_approval'> | undefined {
  const record = item.kind === 'post' ? item.post.record : item.comment.record;
  const account = accountOf(record.author_id);
  if (!account) return undefined;
  const text = textOf(item);
  const mentionedAccounts = hydrated.mentioned.get(record.id) ?? [];
  const mentions = mentionedUsernames(text).flatMap((name): StatusMention[] => {
    const mentioned = mentionedAccounts.find((account) => account.user.username_key === name);
    if (!mentioned) return [];
    const { id, username } = mentioned.user;
    return [{ id, username, url: urls.profile(username), acct: username }];
  });
  const profiles = new Map(mentions.map((mention) => [mention.username.toLowerCase(), mention.url]));
  const content = textToHtml(text, {
    profileOf: (username) => profiles.get(username.toLowerCase()),
    tagUrl: urls.tag,
  });
  const url = item.kind === 'post' ? urls.post(record.id) : urls.comment(item.post.id, record.id);
  let reply: Pick<Status, 'in_reply_to_id' | 'in_reply_to_account_id'> = {
    in_reply_to_id: null,
    in_reply_to_account_id: null,
  };
  if (item.kind === 'comment') {
    const answered = item.comment.record.reply_to_id
      ? hydrated.answered.get(item.comment.record.reply_to_id)
      : undefined;
    reply = answered
      ? { in_reply_to_id: answered.id, in_reply_to_account_id: answered.author_id }
      : { in_reply_to_id: item.post.id, in_reply_to_account_id: item.post.author_id };
  }
  return {
    id: record.id,
    created_at: record.created_at,
    ...reply,
    sensitive: item.kind === 'post' && item.post.record.sensitive === 1,
    spoiler_text: '',
    visibility: 'public',
    language: null,
    uri: url,
    url,
    replies_count: item.kind === 'post' ? item.post.record.comment_count : 0,
    reblogs_count: item.kind === 'post' ? item.post.record.repost_count : 0,
    favourites_count: item.kind === 'post' ? item.post.record.like_count : item.comment.upvoters.length,
    quotes_count: item.kind === 'post' ? item.post.record.quote_count : 0,
    edited_at: editedAt(record),
    content,
    reblog: null,
    account,
    media_attachments: (item.kind === 'post' ? item.post.media : (item.comment.media ?? [])).map((image) =>
      mediaAttachmentView(image, urls),
    ),
    mentions,
    tags: (hydrated.tags.get(record.id) ?? []).map((name) => ({ name, url: urls.tag(name) })),
    emojis: [],
    card: null,
    poll: null,
  };
}

/** What a signed-in viewer's own state adds to a status. */
type ViewerFields = Required<
  Pick<Status, 'filtered' | 'favourited' | 'reblogged' | 'muted' | 'bookmarked' | 'pinned'>
>;

/**
 * What varies in a viewer's own fields on Sync: whether they favourited the status, bookmarked it and
 * reblogged it.
 */
function viewerMarksOf(
  item: StatusItem,
  marks: ViewerMarks,
): [favourited: boolean, bookmarked: boolean, reblogged: boolean] {
  const id = item.kind === 'post' ? item.post.record.id : item.comment.record.id;
  return [
    item.kind === 'post' ? marks.reactions.get(id) === 'like' : marks.votes.get(id) === 'up',
    item.kind === 'post' && marks.bookmarks.has(id),
    item.kind === 'post' && marks.reposts.has(id),
  ];
}

const ownFields = (favourited: boolean, bookmarked: boolean, reblogged: boolean): ViewerFields => ({
  filtered: [],
  favourited,
  reblogged,
  muted: false,
  bookmarked,
  pinned: false,
});

/** The viewer's `warn` filters that matched the status (the rules stage marks its own copy). */
const filteredOf = (item: StatusItem) => (item.kind === 'post' ? item.post : item.comment).filtered ?? [];

const viewerFields = (item: StatusItem, marks: ViewerMarks): ViewerFields => ({
  ...ownFields(...viewerMarksOf(item, marks)),
  filtered: filteredOf(item).map(filterResultView),
});

/** The viewer's own fields as JSON text after a comma, made once for each of their eight values. */
const ownTexts = new Map(
  [false, true].flatMap((favourited) =>
    [false, true].flatMap((bookmarked) =>
      [false, true].map((reblogged) => [
        `${favourited} ${bookmarked} ${reblogged}`,
        `,${JSON.stringify(ownFields(favourited, bookmarked, reblogged)).slice(1)}`,
      ]),
    ),
  ),
);

const ownText = (item: StatusItem, marks: ViewerMarks) =>
  filteredOf(item).length > 0
    ? `,${JSON.stringify(viewerFields(item, marks)).slice(1)}`
    : ownTexts.get(viewerMarksOf(item, marks).join(' '))!;

/**
 * One status as JSON text for many viewers at once (a live event): what everyone sees is serialised
 * once, and a signed-in viewer's own fields (favourited, bookmarked, …) are spliced in, so viewers
 * whose fields are alike share one text. `hydrated` holds the status, hydrated without a viewer;
 * undefined when it is not shown (its author is gone). `viewerItem`: the viewer's own copy of the
 * status, when the rules stage marked it (`filtered`).
 */
export function statusTextsFor(
  hydrated: HydratedStatuses,
  urls: Uris,
): ((marks: ViewerMarks | undefined, viewerItem?: StatusItem) => string) | undefined {
  const [status] = statusViews(hydrated, undefined, urls);
  const item = hydrated.items[0];
  if (!status || !item) return undefined;
  const shared = statusText(status);
  const texts = new Map<string, string>();
  return (marks, viewerItem = item) => {
    if (!marks) return shared;
    const own = JSON.stringify(viewerFields(viewerItem, marks));
    let text = texts.get(own);
    if (text === undefined) {
      // Two objects' texts made one: the shared fields, then the viewer's.
      text = `${shared.slice(0, -1)},${own.slice(1)}`;
      texts.set(own, text);
    }
    return text;
  };
}

/**
 * What every viewer sees of a status, as JSON text without its closing brace, kept beside the hydrated
 * post or comment it was rendered from (one object per version of a post, dropped with it), with what
 * else it shows: the origin of its URLs, its author's account and the accounts it mentions (kept
 * objects, account-cache.ts: the same object while the account stays what it was) and the comment it
 * answers. A home timeline or a thread then renders what changed since the last answer, not every
 * status and account again, as Sync's own pages keep their posts' text (views/sync/posts.ts). The text
 * is not in the post cache's estimate of a post's bytes (posts.ts `estimateBytes`): it is there only for
 * the posts Mastodon apps read, about 1.5 KB per status (its account's JSON included).
 */
interface SharedStatusText {
  origin: string;
  account: AccountRecord;
  mentioned: readonly AccountRecord[];
  answeredId: string | undefined;
  open: string;
}

const sharedTexts = new WeakMap<HydratedPost | HydratedComment, SharedStatusText>();

const hydratedOf = (item: StatusItem) => (item.kind === 'post' ? item.post : item.comment);

/** The comment a comment answers, when it is there to be shown as answered. */
const answeredOf = (item: StatusItem, hydrated: HydratedStatuses) =>
  item.kind === 'comment' && item.comment.record.reply_to_id
    ? hydrated.answered.get(item.comment.record.reply_to_id)
    : undefined;

function sharedStatusText(
  item: StatusItem,
  hydrated: HydratedStatuses,
  urls: Uris,
  accountOf: (id: string) => Account | undefined,
): string | undefined {
  const record = item.kind === 'post' ? item.post.record : item.comment.record;
  const account = hydrated.accounts.get(record.author_id);
  if (!account) return undefined;
  const answeredId = answeredOf(item, hydrated)?.id;
  const mentioned = hydrated.mentioned.get(record.id) ?? [];
  const kept = sharedTexts.get(hydratedOf(item));
  if (
    kept?.origin === urls.origin &&
    kept.account === account &&
    kept.answeredId === answeredId &&
    kept.mentioned.length === mentioned.length &&
    kept.mentioned.every((person, index) => mentioned[index] === person)
  )
    return kept.open;
  const status = sharedStatusView(item, hydrated, urls, accountOf);
  if (!status) return undefined;
  const open = JSON.stringify(status).slice(0, -1);
  sharedTexts.set(hydratedOf(item), {
    origin: urls.origin,
    account,
    mentioned,
    answeredId,
    open,
  });
  return open;
}

/**
 * The statuses of a hydrated answer as `statusViews` gives them, as the JSON text of their array, and
 * the ids of those shown (for the Link header): what every viewer sees comes from the text kept per
 * status, then the viewer's own fields are added.
 */
export function statusesText(
  hydrated: HydratedStatuses,
  viewerId: string | undefined,
  urls: Uris,
): { text: JsonText<Status[]>; ids: string[] } {
  const accountOf = accountsOf(hydrated, urls);
  const { marks } = hydrated;
  const texts: string[] = [];
  const ids: string[] = [];
  for (const item of hydrated.items) {
    const reblogged = item.kind === 'post' ? hydrated.reblogs?.get(item.post.record.id) : undefined;
    if (reblogged) {
      // A reblog is rendered whole: a timeline shows few beside its posts.
      const status = statusView(item, hydrated, viewerId, urls, accountOf);
      const wrapped = status && asReblog(item, hydrated, urls, accountOf, status);
      if (!wrapped) continue;
      texts.push(JSON.stringify(wrapped));
      ids.push(wrapped.id);
      continue;
    }
    const open = sharedStatusText(item, hydrated, urls, accountOf);
    if (open === undefined) continue;
    // The quote and who may quote are the viewer's, as their own fields are: spliced in per answer.
    const quote = `,${JSON.stringify(quoteFieldsOf(item, hydrated, viewerId, urls, accountOf)).slice(1, -1)}`;
    texts.push(viewerId === undefined || !marks ? `${open}${quote}}` : open + quote + ownText(item, marks));
    ids.push(hydratedOf(item).record.id);
  }
  return { text: new JsonText(`[${texts.join(',')}]`), ids };
}

/** A status's context (`statusContext`'s two lists) as `statusesText` renders them. */
export function contextText(
  context: { ancestors: HydratedStatuses; descendants: HydratedStatuses },
  viewerId: string | undefined,
  urls: Uris,
): JsonText<Context> {
  const ancestors = statusesText(context.ancestors, viewerId, urls).text.text;
  const descendants = statusesText(context.descendants, viewerId, urls).text.text;
  return new JsonText(`{"ancestors":${ancestors},"descendants":${descendants}}`);
}
