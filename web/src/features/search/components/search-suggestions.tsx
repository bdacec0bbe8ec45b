import type { PersonSummary, TagUse } from '@sync/contract';
import { TextSearch } from 'lucide-react';
import type { RefObject } from 'react';
import { useNavigate } from 'react-router';
import {
  PersonOption,
  peopleStartingWith,
  TagOption,
  tagsStartingWith,
} from '../../../components/ui/suggestion-sources';
import { useSuggestionBox, type SuggestionOption } from '../../../components/ui/suggestion-box';
import { searchPath } from '../api/search';

type Found = { people: PersonSummary[]; tags: TagUse[] };

/** A `#` asks for tags only, an `@` for people only; anything else for both. */
async function load(q: string): Promise<Found> {
  const [people, tags] = await Promise.all([
    q.startsWith('#') ? [] : peopleStartingWith(q, 4),
    q.startsWith('@') ? [] : tagsStartingWith(q, 3),
  ]);
  return { people, tags };
}

function optionsOf(found: Found | undefined, q: string): SuggestionOption<string>[] {
  return [
    ...(found?.people ?? []).map((person) => ({
      key: `person ${person._id}`,
      value: `/profile/${encodeURIComponent(person.username)}`,
      content: <PersonOption person={person} />,
    })),
    ...(found?.tags ?? []).map((tag) => ({
      key: `tag ${tag.name}`,
      value: `/tag/${encodeURIComponent(tag.name)}`,
      content: <TagOption tag={tag} />,
    })),
    {
      key: 'posts',
      value: searchPath(q),
      content: (
        <>
          <span
            aria-hidden="true"
            className="flex size-9 shrink-0 items-center justify-center rounded-full bg-zinc-100 text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300"
          >
            <TextSearch className="size-4" />
          </span>
          <span className="min-w-0 truncate">Search posts for “{q}”</span>
        </>
      ),
    },
  ];
}

/**
 * What the search field suggests as the person types: people and tags that start with the text, then
 * searching posts for it. Choosing opens the profile, the tag or the results; Enter with no option
 * chosen submits the field as before. Loaded with the first letter typed (./search-box.tsx).
 */
export default function SearchSuggestions({
  field,
  text,
  onChosen,
}: {
  field: RefObject<HTMLInputElement | null>;
  text: string;
  onChosen: () => void;
}) {
  const navigate = useNavigate();
  const q = text.trim();
  return useSuggestionBox({
    field,
    query: q === '' ? null : q,
    load,
    optionsOf,
    onChoose: (path: string) => {
      onChosen();
      void navigate(path);
    },
    label: 'Suggestions',
    combobox: true,
    firstActive: false,
  });
}
