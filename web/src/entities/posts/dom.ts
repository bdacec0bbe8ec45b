/** Hooks into the posts' DOM for the keyboard shortcuts, kept apart so importing them loads nothing else. */
export const COMPOSER_ID = 'composer';

/** Marks the post cards the shortcuts move between (j/k) and act on (l, b, o); its value is the post's id. */
export const POST_CARD_ATTRIBUTE = 'data-post-card';
