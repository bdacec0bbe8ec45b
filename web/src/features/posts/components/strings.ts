import type { QuotePolicy } from '@sync/contract';

/** What the composer says, in one place (its list of images speaks as entities/media's `attachmentStrings`). */
export const composerStrings = {
  label: 'Create a post',
  placeholder: 'Create a post....',
  share: 'Share',
  addImages: 'Add images',
  images: 'Images to post',
  dropHere: 'Drop images to add them',
  sensitive: 'Mark as sensitive',
  sensitiveHint: 'Shown blurred until the reader chooses to see it',
  dismiss: 'Dismiss',
  waitForUploads: 'Wait for the images to finish uploading.',
  error: 'Error',
  /** The phone's floating button and the sheet it opens. */
  newPost: 'New post',
};

/** The reminder when an image has no description, and its switch in Settings. */
export const altReminderStrings = {
  title: (count: number) =>
    count === 1 ? 'An image has no description' : `${count} images have no description`,
  body: "A description (alt text) tells people who use a screen reader, or whose images don't load, what the image shows.",
  settingsHint: 'You can turn this reminder off in Settings.',
  addDescription: 'Add a description',
  postAnyway: 'Post anyway',
  settingTitle: 'Image descriptions',
  settingLabel: 'Remind me to describe my images before posting',
  settingHint: 'Asks before a post with an image that has no description (alt text) is shared',
};

/** Reposts and quotes (decision 092). */
export const sharingStrings = {
  repost: 'Repost',
  undoRepost: 'Undo repost',
  quote: 'Quote',
  repostOptions: 'Repost or quote',
  reposts: (count: number) => (count === 1 ? 'repost' : 'reposts'),
  quoteCount: (count: number) => (count === 1 ? '1 quote' : `${count} quotes`),
  repostedBy: (name: string) => `${name} reposted`,
  quotedLabel: (name: string) => `Quoted post by ${name}`,
  revoked: 'Removed by the author',
  unavailable: 'This post is unavailable',
  hidden: "You don't see posts from this person",
  /** Why Quote is offered disabled (`viewer.quoteDisabled`), by the post's policy; `anyone`: a block. */
  quoteDisabled: {
    anyone: () => "You can't quote this post",
    followers: (username: string) => `Only @${username}'s followers can quote this post`,
    following: (username: string) => `Only people @${username} follows can quote this post`,
    nobody: (username: string) => `@${username} doesn't allow quotes of this post`,
  } satisfies Record<QuotePolicy, (username: string) => string>,
};
