/**
 * The search feature's public face: the field, the people query and the screen's address. The results
 * compose the posts and users features, so they live in the app (`app/routes/search-results.tsx`).
 */
export { searchPath, searchTypeOf, useSearchPeople, type SearchType } from './api/search';
export { SearchBox } from './components/search-box';
export { SEARCH_FIELD_ATTRIBUTE } from './components/search-box-id';
