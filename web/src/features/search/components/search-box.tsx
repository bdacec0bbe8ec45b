import { Search } from 'lucide-react';
import { Suspense, useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { searchPath, searchTypeOf } from '../api/search';
import { SEARCH_FIELD_ATTRIBUTE } from './search-box-id';
import { lazyPart } from '../../../lib/lazy';

// Not with the first screen: loaded with the first letter typed.
const SearchSuggestions = lazyPart(() => import('./search-suggestions'));

const fieldClass =
  'h-10 w-full rounded-full border border-zinc-300 bg-zinc-50 pr-4 pl-10 text-sm text-zinc-900 placeholder:text-zinc-600 focus-ring dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100 dark:placeholder:text-zinc-400';

/**
 * A search field that opens `/search?q=…`, on the tab chosen there if one was (else the results choose). It shows the query in the address
 * when that changes, unless the person is typing in it: the address changes a moment after a search is
 * asked for (the results screen loads first), and what was typed meanwhile must not be replaced. The top
 * bar has one from the md breakpoint up; the search screen has its own below it, so one is on screen at a time.
 */
export function SearchBox({ className = '' }: { className?: string }) {
  const [params] = useSearchParams();
  const q = params.get('q') ?? '';
  const type = searchTypeOf(params.get('type'));
  const navigate = useNavigate();
  const [text, setText] = useState(q);
  const [suggesting, setSuggesting] = useState(false);
  const field = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (field.current === document.activeElement) return;
    setText(q);
    setSuggesting(false);
  }, [q]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const query = text.trim();
    if (query === '') return;
    // The results replace the suggestions: the field stays as it is, so nothing else closes them.
    setSuggesting(false);
    void navigate(searchPath(query, type));
  };

  return (
    <form role="search" aria-label="Search" onSubmit={submit} className={`relative ${className}`}>
      <Search
        className="pointer-events-none absolute top-1/2 left-3.5 size-4 -translate-y-1/2 text-zinc-600 dark:text-zinc-400"
        aria-hidden="true"
      />
      <input
        type="search"
        name="q"
        aria-label="Search posts and people"
        placeholder="Search"
        autoComplete="off"
        enterKeyHint="search"
        value={text}
        ref={field}
        onChange={(event) => {
          setText(event.target.value);
          setSuggesting(true);
        }}
        className={fieldClass}
        {...{ [SEARCH_FIELD_ATTRIBUTE]: '' }}
      />
      {suggesting && (
        <Suspense fallback={null}>
          <SearchSuggestions
            field={field}
            text={text}
            onChosen={() => {
              setText('');
              field.current?.blur();
            }}
          />
        </Suspense>
      )}
    </form>
  );
}
