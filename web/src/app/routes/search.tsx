import { useSearchParams } from 'react-router';
import { SearchBox, searchTypeOf, type SearchType } from '../../features/search';
import { Columns, PageHeader } from '../layout/app-layout';
import { RecommendedPanel } from '../layout/recommended-panel';
import { SearchResults } from './search-results';

/**
 * `/search?q=…&type=users`: the query and a tab chosen live in the address, so reloads and links keep
 * them; without a tab, the results open on the one that has some.
 */
export default function SearchRoute() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q')?.trim() ?? '';
  const type = searchTypeOf(params.get('type'));
  const setType = (next: SearchType) =>
    setParams({ q, type: next }, { replace: true, preventScrollReset: true });
  return (
    <Columns side={<RecommendedPanel />}>
      <PageHeader title={q ? `Search: ${q}` : 'Search'} />
      {/* The top bar's field is hidden below md; this one stands in there. */}
      <div className="border-b border-zinc-200 px-4 py-3 md:hidden dark:border-zinc-800">
        <SearchBox />
      </div>
      <SearchResults q={q} type={type} onType={setType} />
    </Columns>
  );
}
