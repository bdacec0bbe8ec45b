/** What the "Edited" marker and the edit history dialog say, in one place. */
export const editHistoryStrings = {
  edited: 'Edited',
  /** The button's name: what it shows, then what it does. */
  showHistory: 'Edited (show edit history)',
  editedAt: (when: string) => `Edited ${when}`,
  title: 'Edit history',
  order:
    'Newest first. Each version shows what changed from the one before it: added words are underlined, removed words struck through.',
  loading: 'Loading the edit history…',
  failed: 'The edit history could not be loaded.',
  current: 'Current version',
  original: 'Original',
  edit: (n: number) => `Edit ${n}`,
  noText: 'No text',
  /** Around a change, for screen readers (the eye has the underline or the strike-through). */
  addedStart: '(added: ',
  removedStart: '(removed: ',
  changeEnd: ')',
  markedSensitive: 'Marked sensitive',
  unmarkedSensitive: 'No longer marked sensitive',
  image: (n: number) => `Image ${n}`,
  imageAdded: (n: number) => `Image ${n}, added`,
  imageRemoved: 'Image removed',
  descriptionChanged: 'description changed',
  noDescription: 'no description',
};
