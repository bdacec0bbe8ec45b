/** The filters feature: Settings → Filters, the person's keyword filters (Mastodon's filters v2). */
export { FilterSettings } from './components/filter-settings';
