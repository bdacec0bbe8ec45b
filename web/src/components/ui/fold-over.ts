/**
 * A post's text longer than this many characters is folded in lists (`folded-text.tsx`). Kept apart, so
 * that a list can tell which posts may fold (no more characters than this, counted as UTF-16 units, is
 * never more) without loading the folding code.
 */
export const foldOver = 500;
