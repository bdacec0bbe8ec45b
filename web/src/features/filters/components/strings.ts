/**
 * Every string Settings → Filters shows, in one place so translation can extract them as they are. A
 * string that names something is a function of it.
 */
import type { FilterAction, FilterContext } from '@sync/contract';

/** Where a filter applies, in the app's own words (Mastodon's contexts underneath). */
export const contextLabels: Record<FilterContext, string> = {
  home: 'Following',
  public: 'Everyone, tags and search',
  thread: 'Comments',
  account: 'Profiles',
  notifications: 'Notifications',
};

/** The order the choices are shown in. */
export const contextOrder: readonly FilterContext[] = [
  'home',
  'public',
  'thread',
  'account',
  'notifications',
];

export const actionLabels: Record<FilterAction, { label: string; hint: string }> = {
  warn: { label: 'Hide behind a warning', hint: 'Shows “Filtered:” and the title, with Show anyway.' },
  hide: { label: 'Hide completely', hint: 'Leaves the post or comment out.' },
};

/** The expiries a filter can be given, in seconds; null: never. */
export const expiryChoices: readonly { seconds: number | null; label: string }[] = [
  { seconds: null, label: 'Never' },
  { seconds: 30 * 60, label: '30 minutes' },
  { seconds: 60 * 60, label: '1 hour' },
  { seconds: 6 * 60 * 60, label: '6 hours' },
  { seconds: 24 * 60 * 60, label: '1 day' },
  { seconds: 7 * 24 * 60 * 60, label: '1 week' },
];

const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const dateOf = (iso: string) => when.format(new Date(iso));

/** Whether a filter's time is up: it stays listed, and applies no more. */
export const hasEnded = (expiresAt: string) => new Date(expiresAt).getTime() <= Date.now();
const expiryOf = (iso: string) => `${hasEnded(iso) ? 'Ended' : 'Until'} ${dateOf(iso)}`;

export const strings = {
  heading: 'Filters',
  intro:
    'Hide posts and comments that contain words or phrases you choose, where you choose. Only you see the effect.',
  loading: 'Loading filters',
  empty: 'You have no filters.',
  add: 'New filter',
  edit: 'Edit',
  editLabel: (title: string) => `Edit filter ${title}`,
  remove: 'Delete',
  removeLabel: (title: string) => `Delete filter ${title}`,
  confirmTitle: (title: string) => `Delete the filter “${title}”?`,
  confirmText: 'What it hides will show again.',
  removed: (title: string) => `Filter “${title}” deleted.`,
  saved: (title: string) => `Filter “${title}” saved.`,
  removeFailed: (title: string) => `Could not delete the filter “${title}”`,
  keywordsOf: (count: number) => (count === 1 ? '1 keyword' : `${count} keywords`),
  expiry: expiryOf,
  form: {
    newHeading: 'New filter',
    editHeading: (title: string) => `Edit filter ${title}`,
    title: 'Title',
    titleHint: 'Shown on what the filter hides behind a warning.',
    contexts: 'Filter in',
    action: 'When something matches',
    expiry: 'Expires after',
    keep: (iso: string) => `As it is: ${expiryOf(iso)}`,
    keywords: 'Keywords and phrases',
    keywordsHint: 'Capitals do not matter. A phrase matches its words in that order.',
    keyword: (position: number) => `Keyword ${position}`,
    wholeWord: 'Whole word',
    wholeWordHint: 'Whole word: “cat” does not match “concatenate”.',
    removeKeyword: (position: number) => `Remove keyword ${position}`,
    addKeyword: 'Add keyword',
    save: 'Save filter',
    cancel: 'Cancel',
    titleRequired: 'Give the filter a title.',
    titleTooLong: (max: number) => `The title can be at most ${max} characters long.`,
    contextRequired: 'Choose at least one place to filter in.',
    keywordRequired: 'Add at least one keyword or phrase.',
    keywordTooLong: (max: number) => `A keyword can be at most ${max} characters long.`,
    tooManyKeywords: (max: number) => `A filter can have at most ${max} keywords.`,
  },
} as const;
