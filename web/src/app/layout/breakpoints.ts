/**
 * The breakpoints of index.css the layout's code asks about (`useMediaQuery`), where CSS alone would
 * leave a hidden copy mounted.
 */

/** md: the side navigation and the top bar's bell; below it, the tab bar and its bell. */
export const MEDIUM_UP = '(min-width: 48em)';
/** lg: the side column appears. */
export const WIDE = '(min-width: 62em)';
