import { useEffect, useEffectEvent, useId, useState, type ReactNode, type RefObject } from 'react';

/** How long typing must pause before suggestions are asked for (one request per pause, not per key). */
const pauseMs = 150;

export interface SuggestionOption<T> {
  key: string;
  value: T;
  content: ReactNode;
}

type Field = HTMLInputElement | HTMLTextAreaElement;

interface Options<Loaded, T> {
  /** The field the suggestions are for; it keeps the focus while an option is active. */
  field: RefObject<Field | null>;
  /** What to suggest for (null: nothing now, the list is closed). */
  query: string | null;
  /** Stable (module-level or memoised): a new function starts a new request. */
  load: (query: string) => Promise<Loaded>;
  /** The options for a query, from what was loaded for it (undefined until the first answer). */
  optionsOf: (loaded: Loaded | undefined, query: string) => SuggestionOption<T>[];
  onChoose: (value: T) => void;
  /** What the list is, for assistive technology ("People and tags"). */
  label: string;
  /**
   * The field is an `<input>` that ARIA lets be a combobox (it then says whether the list is open);
   * a `<textarea>` cannot be one, so it keeps its role and only points at the list and its active option.
   */
  combobox: boolean;
  /** The first option is active as soon as the list opens (Enter takes it), as a composer wants. */
  firstActive: boolean;
}

const optionClass =
  'flex w-full cursor-pointer items-center gap-3 px-3 py-2 text-left text-sm text-zinc-900 dark:text-zinc-100';

/**
 * Suggestions for what is being typed in a field: the listbox pattern of ARIA's combobox, with the
 * focus left in the field (`aria-activedescendant` names the active option). Up and Down move, Enter
 * or Tab take the active option, Escape closes the list and leaves the text (until the query changes);
 * a click takes an option too. Answers come after a pause in typing, and an answer for a query that is
 * no longer the current one is dropped. Returns the list and its announcement, to render right after the field in a positioned box.
 */
export function useSuggestionBox<Loaded, T>({
  field,
  query,
  load,
  optionsOf,
  onChoose,
  label,
  combobox,
  firstActive,
}: Options<Loaded, T>): ReactNode {
  const listId = useId();
  const [loaded, setLoaded] = useState<{ query: string; value: Loaded } | undefined>(undefined);
  const [active, setActive] = useState<{ query: string | null; index: number }>({ query: null, index: -1 });
  const [dismissed, setDismissed] = useState<string | null>(null);
  const [focused, setFocused] = useState(() => document.activeElement === field.current);

  useEffect(() => {
    if (query === null) return;
    let current = true;
    const timer = setTimeout(() => {
      load(query).then(
        (value) => current && setLoaded({ query, value }),
        // A failed request suggests nothing; the text and its sending are unaffected.
        () => current && setLoaded(undefined),
      );
    }, pauseMs);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [query, load]);

  // While the next answer is on its way, the previous one stays, so the list does not flicker.
  const options = query === null ? [] : optionsOf(loaded?.value, query);
  const open = focused && query !== null && query !== dismissed && options.length > 0;
  const fresh = loaded?.query === query;
  // The active option belongs to a query: a new query starts again from the first (or from none).
  const index =
    active.query === query ? Math.min(active.index, options.length - 1) : firstActive && fresh ? 0 : -1;
  const optionId = (at: number) => `${listId}-${at}`;

  // The field's keys, with this render's options (the listeners are attached once).
  const keyDown = useEffectEvent((event: KeyboardEvent) => {
    if (!open || event.isComposing || event.ctrlKey || event.metaKey || event.altKey) return;
    const move = (to: number) => setActive({ query, index: (to + options.length) % options.length });
    const chosen = options[index];
    if (event.key === 'ArrowDown') move(index + 1);
    else if (event.key === 'ArrowUp') move(index < 0 ? -1 : index - 1);
    else if (event.key === 'Escape') setDismissed(query);
    else if ((event.key === 'Enter' || (event.key === 'Tab' && !event.shiftKey)) && chosen)
      onChoose(chosen.value);
    else return;
    // The field's own handling (a new line, a dialog's Escape, leaving by Tab) does not happen too.
    event.preventDefault();
    event.stopPropagation();
  });

  useEffect(() => {
    const element: HTMLElement | null = field.current;
    if (!element) return;
    const key = (event: KeyboardEvent) => keyDown(event);
    const focus = () => setFocused(true);
    const blur = () => setFocused(false);
    element.addEventListener('keydown', key);
    element.addEventListener('focus', focus);
    element.addEventListener('blur', blur);
    return () => {
      element.removeEventListener('keydown', key);
      element.removeEventListener('focus', focus);
      element.removeEventListener('blur', blur);
    };
  }, [field]);

  const activeId = open && index >= 0 ? optionId(index) : undefined;
  useEffect(() => {
    const element = field.current;
    if (!element) return;
    const attributes: Record<string, string | undefined> = {
      role: combobox ? 'combobox' : undefined,
      'aria-autocomplete': 'list',
      'aria-expanded': combobox ? String(open) : undefined,
      'aria-controls': combobox || open ? listId : undefined,
      'aria-activedescendant': activeId,
    };
    for (const [name, value] of Object.entries(attributes)) {
      if (value === undefined) element.removeAttribute(name);
      else element.setAttribute(name, value);
    }
    return () => {
      for (const name of Object.keys(attributes)) element.removeAttribute(name);
    };
  }, [field, combobox, open, listId, activeId]);

  useEffect(() => {
    if (activeId) document.getElementById(activeId)?.scrollIntoView({ block: 'nearest' });
  }, [activeId]);

  const count = options.length;
  return (
    <>
      <ul
        id={listId}
        role="listbox"
        aria-label={label}
        hidden={!open}
        className="absolute inset-x-0 top-full z-30 mt-1 max-h-72 overflow-y-auto rounded-xl border border-zinc-200 bg-white py-1 shadow-lg dark:border-zinc-700 dark:bg-zinc-900"
      >
        {open &&
          options.map((option, at) => (
            // The keys are the field's (aria-activedescendant): the options never take the focus.
            // eslint-disable-next-line jsx-a11y/click-events-have-key-events
            <li
              key={option.key}
              id={optionId(at)}
              role="option"
              aria-selected={at === index}
              className={`${optionClass} ${at === index ? 'bg-teal-50 dark:bg-teal-950' : ''}`}
              // The field keeps the focus (and its caret) when an option is pressed.
              onMouseDown={(event) => event.preventDefault()}
              onPointerMove={() => at !== index && setActive({ query, index: at })}
              onClick={() => onChoose(option.value)}
            >
              {option.content}
            </li>
          ))}
      </ul>
      <p role="status" className="sr-only">
        {open
          ? `${count} ${count === 1 ? 'suggestion' : 'suggestions'}. Up and down to choose, Enter to take one, Escape to close.`
          : ''}
      </p>
    </>
  );
}
