/** The search feature's public face. */
export { searchPath, type SearchType } from './api/search';
export { SearchBox } from './components/search-box';
export { SearchResults } from './components/search-results';
export { SEARCH_FIELD_ATTRIBUTE } from './search-box-id';
