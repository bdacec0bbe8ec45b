import { useRef, type KeyboardEvent, type ReactNode } from 'react';

export type Tab<T extends string> = { value: T; label: string };

const tabId = (idPrefix: string, value: string) => `${idPrefix}-tab-${value}`;
const panelId = (idPrefix: string) => `${idPrefix}-panel`;

const nextIndex: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (index, count) => (index + 1) % count,
  ArrowLeft: (index, count) => (index - 1 + count) % count,
  Home: () => 0,
  End: (_, count) => count - 1,
};

/**
 * The ARIA tabs pattern: one tab stop for the row, arrow keys (and Home, End) move and select, and
 * one panel labelled by the selected tab.
 */
export function Tabs<T extends string>({
  label,
  idPrefix,
  tabs,
  selected,
  onSelect,
  children,
}: {
  label: string;
  idPrefix: string;
  tabs: Tab<T>[];
  selected: T;
  onSelect: (value: T) => void;
  children: ReactNode;
}) {
  const list = useRef<HTMLDivElement>(null);
  const onKeyDown = (event: KeyboardEvent) => {
    const move = nextIndex[event.key];
    if (!move) return;
    event.preventDefault();
    const index = move(
      tabs.findIndex((tab) => tab.value === selected),
      tabs.length,
    );
    const next = tabs[index];
    if (!next) return;
    onSelect(next.value);
    list.current?.querySelectorAll<HTMLElement>('[role="tab"]')[index]?.focus();
  };
  return (
    <>
      <div
        ref={list}
        role="tablist"
        aria-label={label}
        className="flex border-b border-zinc-200 dark:border-zinc-800"
      >
        {tabs.map((tab) => {
          const active = tab.value === selected;
          return (
            <button
              key={tab.value}
              type="button"
              role="tab"
              id={tabId(idPrefix, tab.value)}
              aria-selected={active}
              aria-controls={panelId(idPrefix)}
              tabIndex={active ? 0 : -1}
              onClick={() => onSelect(tab.value)}
              onKeyDown={onKeyDown}
              className={`flex-1 border-b-4 px-4 py-3 text-[15px] transition-colors focus-ring-inset hover:bg-zinc-50 dark:hover:bg-zinc-900/60 ${
                active
                  ? 'border-teal-700 font-bold text-zinc-900 dark:border-teal-400 dark:text-zinc-50'
                  : 'border-transparent text-zinc-600 dark:text-zinc-400'
              }`}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      <div role="tabpanel" id={panelId(idPrefix)} aria-labelledby={tabId(idPrefix, selected)}>
        {children}
      </div>
    </>
  );
}
