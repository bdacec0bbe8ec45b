/** Marks the search fields the '/' shortcut focuses; kept apart so importing it loads nothing else. */
export const SEARCH_FIELD_ATTRIBUTE = 'data-search-field';
