import { parseTextEntities, type PersonSummary, type TagUse } from '@sync/contract';
import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { PersonOption, peopleStartingWith, TagOption, tagsStartingWith } from './suggestion-sources';
import { useSuggestionBox, type SuggestionOption } from './suggestion-box';

/**
 * The mention or tag that ends at the caret, as the server will read the text: its start, and the
 * query (`@le`, `#gar`). Nothing when text is selected or the caret is elsewhere.
 */
export function tokenAt(text: string, caret: number): { start: number; query: string } | undefined {
  if (caret < 0) return undefined;
  const entity = parseTextEntities(text.slice(0, caret)).at(-1);
  if (!entity || entity.end !== caret || entity.type === 'link') return undefined;
  return { start: entity.start, query: text.slice(entity.start, caret) };
}

type Found = { people: PersonSummary[] } | { tags: TagUse[] };

/** How many people, or tags, the list offers. */
const shown = 5;

async function load(query: string): Promise<Found> {
  const text = query.slice(1);
  return query.startsWith('@')
    ? { people: await peopleStartingWith(text, shown) }
    : { tags: await tagsStartingWith(text, shown) };
}

function optionsOf(found: Found | undefined): SuggestionOption<string>[] {
  if (!found) return [];
  if ('people' in found)
    return found.people.map((person) => ({
      key: person._id,
      value: `@${person.username}`,
      content: <PersonOption person={person} />,
    }));
  return found.tags.map((tag) => ({
    key: tag.name,
    value: `#${tag.name}`,
    content: <TagOption tag={tag} />,
  }));
}

/**
 * People and tags for the @mention or #tag being typed in a post's or a comment's text box, inserted
 * as `@username ` or `#tag `. Loaded when the person first types @ or # (components/ui/message-field.tsx).
 */
export default function TextSuggestions({
  field,
  value,
  onValueChange,
}: {
  field: RefObject<HTMLTextAreaElement | null>;
  value: string;
  onValueChange: (value: string) => void;
}) {
  const caretOf = (element: HTMLTextAreaElement | null) =>
    element && element.selectionStart === element.selectionEnd ? element.selectionStart : -1;
  const [caret, setCaret] = useState(() => caretOf(field.current));
  // Where the caret goes once an insertion is drawn.
  const insertedUpTo = useRef<number | null>(null);

  useEffect(() => {
    const element = field.current;
    if (!element) return;
    const follow = () => setCaret(caretOf(element));
    const events = ['input', 'keyup', 'click', 'select', 'focus'] as const;
    for (const name of events) element.addEventListener(name, follow);
    return () => {
      for (const name of events) element.removeEventListener(name, follow);
    };
  }, [field]);

  useLayoutEffect(() => {
    const at = insertedUpTo.current;
    if (at === null || !field.current) return;
    insertedUpTo.current = null;
    field.current.setSelectionRange(at, at);
    setCaret(at);
  }, [field, value]);

  const token = tokenAt(value, Math.min(caret, value.length));
  const list = useSuggestionBox({
    field,
    query: token?.query ?? null,
    load,
    optionsOf,
    onChoose: (text: string) => {
      if (!token) return;
      const rest = value.slice(caret);
      const spaced = rest.startsWith(' ') ? rest : ` ${rest}`;
      insertedUpTo.current = token.start + text.length + 1;
      onValueChange(`${value.slice(0, token.start)}${text}${spaced}`);
    },
    label: 'People and tags',
    combobox: false,
    firstActive: true,
  });
  return list;
}
