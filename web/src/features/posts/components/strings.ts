/** What the composer and its images say, in one place. */
export const composerStrings = {
  label: 'Create a post',
  placeholder: 'Create a post....',
  share: 'Share',
  addImages: 'Add images',
  images: 'Images to post',
  dropHere: 'Drop images to add them',
  uploading: (name: string) => `Uploading ${name}`,
  remove: (name: string) => `Remove ${name}`,
  altBadge: 'ALT',
  describe: (name: string) => `Description of ${name}`,
  describePlaceholder: "Describe the image for people who can't see it",
  sensitive: 'Mark as sensitive',
  sensitiveHint: 'Shown blurred until the reader chooses to see it',
  dismiss: 'Dismiss',
  waitForUploads: 'Wait for the images to finish uploading.',
  error: 'Error',
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

/** The id of an image's description field, for the reminder to send focus to. */
export const descriptionFieldId = (key: string) => `describe-${key}`;
