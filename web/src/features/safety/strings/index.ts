import type { ReportCategory } from '@sync/contract';
import { at, menuStrings } from './menu';

/**
 * Every string the safety feature shows (blocking, muting and reporting someone, the notices on their
 * profile, Settings → Blocked accounts and Muted accounts), in one place so translation can extract
 * them as they are. A string that names someone or something is a function of it.
 */

export const MUTE_DURATIONS = [
  { seconds: null, label: 'Indefinitely' },
  { seconds: 60 * 60, label: '1 hour' },
  { seconds: 24 * 60 * 60, label: '1 day' },
  { seconds: 7 * 24 * 60 * 60, label: '7 days' },
] as const;

export type MuteDurationSeconds = (typeof MUTE_DURATIONS)[number]['seconds'];

export const REPORT_CATEGORIES: readonly { value: ReportCategory; label: string; hint: string }[] = [
  { value: 'spam', label: 'Spam', hint: 'Advertising, scams, or the same thing posted over and over' },
  { value: 'legal', label: 'Illegal content', hint: 'Something that breaks the law' },
  { value: 'violation', label: 'Breaks a rule', hint: 'Something this community’s rules do not allow' },
  { value: 'other', label: 'Something else', hint: 'None of the above: say what in the comment' },
];

const dateOf = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export const strings = {
  menu: menuStrings,
  block: {
    confirmTitle: (username: string) => `Block ${at(username)}?`,
    confirmText:
      'They will not be able to follow you or see your posts; you will not see theirs. They are not told.',
    confirm: 'Block',
    done: (username: string) => `Blocked ${at(username)}`,
    doneText: 'Their posts are gone from your lists, and any follows between you have ended.',
    undone: (username: string) => `Unblocked ${at(username)}`,
    undoneText: 'Their posts show again. Follows that the block ended stay ended.',
    failed: (username: string) => `Could not block ${at(username)}`,
    unblockFailed: (username: string) => `Could not unblock ${at(username)}`,
  },
  mute: {
    title: (username: string) => `Mute ${at(username)}?`,
    intro:
      'Their posts and comments are hidden from your lists. They are not told, and can still follow you.',
    notifications: 'Hide notifications from them too',
    duration: 'For how long',
    confirm: 'Mute',
    cancel: 'Cancel',
    done: (username: string) => `Muted ${at(username)}`,
    doneFor: (label: string) => `For ${label.toLowerCase()}. Their posts are gone from your lists.`,
    doneIndefinitely: 'Until you unmute them. Their posts are gone from your lists.',
    undone: (username: string) => `Unmuted ${at(username)}`,
    undoneText: 'Their posts show again.',
    failed: (username: string) => `Could not mute ${at(username)}`,
    unmuteFailed: (username: string) => `Could not unmute ${at(username)}`,
  },
  undo: 'Undo',
  undoLabel: (action: string) => `Undo: ${action}`,
  report: {
    title: (username: string) => `Report ${at(username)}`,
    categoryLegend: 'What is wrong?',
    categoryMissing: 'Choose what is wrong.',
    rulesLegend: 'Which rules does it break?',
    rulesMissing: 'Choose at least one rule.',
    noRules: 'This community has not written down any rules yet: choose another reason.',
    rulesLoading: 'Loading the rules…',
    postsLegend: 'Posts to include',
    postsHint: 'The moderators see these as they are now, even if they are edited or deleted later.',
    addPosts: (username: string) => `Add more posts by ${at(username)}`,
    postsLoading: 'Loading their recent posts…',
    noPosts: (username: string) => `${at(username)} has no posts to include.`,
    tooManyPosts: (max: number) => `Include at most ${max} posts.`,
    comment: 'Anything the moderators should know?',
    commentHint: 'Optional. The moderators read it; the person you report does not.',
    counter: (count: number, limit: number) =>
      count > limit
        ? `${(count - limit).toLocaleString('en-US')} characters over the limit of ${limit.toLocaleString('en-US')}`
        : `${count.toLocaleString('en-US')} / ${limit.toLocaleString('en-US')}`,
    commentTooLong: (limit: number) => `Keep the comment to ${limit.toLocaleString('en-US')} characters.`,
    submit: 'Submit report',
    cancel: 'Cancel',
    close: 'Close',
    thanks: 'Thanks — a moderator will look at it.',
    thanksDetail: (username: string) =>
      `You will get a notification when your report about ${at(username)} is resolved. Blocking or muting them is up to you.`,
  },
  profile: {
    blocking: (username: string) => `You blocked ${at(username)}`,
    blockingText: 'You do not see their posts, and they do not see yours.',
    blockedBy: (username: string) => `${at(username)}'s posts are not available to you`,
    muted: (username: string) => `You muted ${at(username)}`,
    mutedUntil: (username: string, date: string) => `You muted ${at(username)} until ${dateOf(date)}`,
    unblock: 'Unblock',
    unmute: 'Unmute',
    unblockLabel: (username: string) => `Unblock ${at(username)}`,
    unmuteLabel: (username: string) => `Unmute ${at(username)}`,
  },
  settings: {
    blockedHeading: 'Blocked accounts',
    blockedIntro: 'People you blocked. They cannot follow you or see your posts, and you do not see theirs.',
    blockedEmpty: 'You have not blocked anyone.',
    blockedLoading: 'Loading blocked accounts',
    blockedAt: (date: string) => `Blocked ${dateOf(date)}`,
    mutedHeading: 'Muted accounts',
    mutedIntro: 'People whose posts you do not see. They do not know.',
    mutedEmpty: 'You have not muted anyone.',
    mutedLoading: 'Loading muted accounts',
    mutedUntil: (date: string) => `Muted until ${dateOf(date)}`,
    mutedIndefinitely: 'Muted until you unmute them',
    notificationsToo: 'notifications hidden too',
    notificationsShown: 'notifications still shown',
    unblocked: (username: string) => `${at(username)} is unblocked.`,
    unmuted: (username: string) => `${at(username)} is unmuted.`,
  },
};
