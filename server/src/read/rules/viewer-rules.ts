import type { FilterContext } from '../../data/schema.js';
import type { ActiveMute } from '../../data/mutes.repo.js';
import type { NotificationFilter } from '../../data/notifications.repo.js';
import { notificationKinds } from '../../data/schema.js';
import { everyNotification, type NotificationSettingsRecord } from '../../data/notification-settings.repo.js';
import type { KeywordMatch, KeywordMatcher } from './keyword-match.js';

/**
 * The rules stage of the read pipeline (skeleton → hydrate → rules → view): what one viewer does not
 * see. Every list, thread, search, notification and live event asks these rules, and nothing else
 * decides visibility; the hydrated posts and their cache stay shared, the rules run per viewer after.
 *
 * Where something is read decides which rules apply (the contexts are Mastodon's filter contexts):
 * - `home`: the Following timeline; `public`: everyone's posts, trending, tags, search;
 * - `thread`: a post's comments; `account`: one person's posts on their profile;
 * - `notifications`: who notified the viewer;
 * - `post`: one post (or comment) asked for by id, or answering a change: hidden only by a block or
 *   a suspension (a muted person's post still opens from a link).
 */
export type ReadContext = FilterContext | 'post';

/** A person whose posts and comments nobody sees while the action lasts: suspended, or limited. */
export interface ModeratedSets {
  suspended: ReadonlySet<string>;
  limited: ReadonlySet<string>;
}

/** What the viewer set up, and who they follow among the limited accounts. */
export interface ViewerSettings {
  blockedEitherWay: ReadonlySet<string>;
  mutes: ReadonlyMap<string, ActiveMute>;
  /** The limited accounts the viewer follows: theirs stay in the viewer's lists. */
  followedLimited: ReadonlySet<string>;
  /** The viewer's keyword filters, compiled; none when they have none. */
  filters: KeywordMatcher | undefined;
  /** Which kinds notify the viewer, and whether only people they follow do. */
  notifications: NotificationSettingsRecord;
}

const noSettings: ViewerSettings = {
  blockedEitherWay: new Set(),
  mutes: new Map(),
  followedLimited: new Set(),
  filters: undefined,
  notifications: everyNotification,
};

/** Contexts a mute hides the muted person from (their profile still shows their posts). */
const mutedIn: ReadonlySet<ReadContext> = new Set(['home', 'public', 'thread']);
/** Contexts a limit hides the limited person from, for people who do not follow them. */
const limitedIn: ReadonlySet<ReadContext> = new Set(['public', 'thread', 'notifications']);

export class ViewerRules {
  constructor(
    /** Undefined: signed out. */
    readonly viewerId: string | undefined,
    /**
     * What the rules are made of: the same objects while the rules cache keeps them, so what is
     * derived from them can be kept with them (read/hydration/visible.ts).
     */
    readonly moderated: ModeratedSets,
    readonly settings: ViewerSettings = noSettings,
  ) {}

  /** Whether the viewer sees what this person wrote (a post, a comment) read in this context. */
  shows(authorId: string, context: ReadContext): boolean {
    if (authorId === this.viewerId) return true;
    if (this.moderated.suspended.has(authorId) || this.settings.blockedEitherWay.has(authorId)) return false;
    const mute = this.settings.mutes.get(authorId);
    if (mute && (context === 'notifications' ? mute.notifications : mutedIn.has(context))) return false;
    return !(
      this.moderated.limited.has(authorId) &&
      limitedIn.has(context) &&
      !this.settings.followedLimited.has(authorId)
    );
  }

  /**
   * Everyone whose posts and comments `shows` hides in this context, as ids (what a query leaves out by
   * id: a notification's actors). Only the people some rule names: a few sets' worth, not everyone.
   */
  hiddenIn(context: ReadContext): string[] {
    const named = new Set([
      ...this.moderated.suspended,
      ...this.moderated.limited,
      ...this.settings.blockedEitherWay,
      ...this.settings.mutes.keys(),
    ]);
    return [...named].filter((id) => !this.shows(id, context));
  }

  /**
   * Whether this person exists for the viewer at all: a profile, a single post, a person in a list.
   * A block hides each from the other; a suspension hides the account from everyone.
   */
  seesAccount(accountId: string): boolean {
    if (accountId === this.viewerId) return true;
    return !this.moderated.suspended.has(accountId) && !this.settings.blockedEitherWay.has(accountId);
  }

  /**
   * Whether the viewer is offered this person to follow: someone who exists for them (`seesAccount`)
   * and whom they have not muted (a suggestion would put them back in front of the viewer).
   */
  suggests(accountId: string): boolean {
    return this.seesAccount(accountId) && !this.settings.mutes.has(accountId);
  }

  /**
   * The viewer's keyword filters that match a text read in this context ('post' reads as a thread, as
   * Mastodon filters the status a person opened).
   */
  filterMatches(text: string, context: ReadContext): KeywordMatch[] {
    if (!this.settings.filters) return [];
    return this.settings.filters.matches(text, context === 'post' ? 'thread' : context);
  }

  /**
   * The notifications the viewer is shown among those `asked` selects: not the kinds they turned off,
   * and with "only from people I follow" only groups some person they follow caused (and the server's
   * notices). Applied by the skeleton's own query, so a page stays full and a count exact without
   * reading what is left out.
   */
  notificationFilter(asked: NotificationFilter = {}): NotificationFilter {
    const { mutedTypes, onlyFromFollowing } = this.settings.notifications;
    const followedBy = onlyFromFollowing ? this.viewerId : undefined;
    if (mutedTypes.size === 0) return followedBy === undefined ? asked : { ...asked, followedBy };
    const kinds = (asked.kinds ?? notificationKinds).filter((kind) => !mutedTypes.has(kind));
    return { ...asked, kinds, followedBy };
  }

  /** Whether the viewer blocked or was blocked by this person (a write across it is refused). */
  blockedWith(accountId: string): boolean {
    return this.settings.blockedEitherWay.has(accountId);
  }

  /** True when no rule can hide anything: the common case, where a page needs no work. */
  get hidesNothing(): boolean {
    return (
      this.moderated.suspended.size === 0 &&
      this.moderated.limited.size === 0 &&
      this.settings.blockedEitherWay.size === 0 &&
      this.settings.mutes.size === 0 &&
      this.settings.filters === undefined
    );
  }
}
