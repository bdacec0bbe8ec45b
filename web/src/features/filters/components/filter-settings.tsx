import type { Filter } from '@sync/contract';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { ErrorState } from '../../../components/ui/error-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { focusIdWhenShown } from '../../../lib/focus-when-shown';
import { toastError } from '../../../lib/toast';
import { useDeleteFilter, useFilters } from '../api/filters';
import { FilterForm } from './filter-form';
import { actionLabels, contextLabels, hasEnded, strings } from './strings';

const HEADING = 'filters-heading';
const ADD_BUTTON = 'filters-add';
const editButtonId = (filterId: string) => `filter-edit-${filterId}`;

function FilterEntry({
  filter,
  onEdit,
  onDelete,
}: {
  filter: Filter;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const ended = filter.expiresAt !== null && hasEnded(filter.expiresAt);
  const details = [
    actionLabels[filter.action].label,
    filter.context.map((context) => contextLabels[context]).join(', '),
    ...(filter.expiresAt ? [strings.expiry(filter.expiresAt)] : []),
  ];
  return (
    <li className="flex flex-col gap-3 rounded-xl border border-zinc-200 p-4 sm:flex-row sm:items-start sm:justify-between dark:border-zinc-800">
      <div className={`flex min-w-0 flex-col gap-1.5 text-sm ${ended ? 'opacity-75' : ''}`}>
        <h3 className="font-semibold break-words text-zinc-900 dark:text-zinc-100">{filter.title}</h3>
        <p className="text-xs text-zinc-600 dark:text-zinc-400">{details.join(' · ')}</p>
        <p className="break-words text-zinc-700 dark:text-zinc-300">
          <span className="sr-only">{strings.keywordsOf(filter.keywords.length)}: </span>
          {filter.keywords.map((keyword) => keyword.keyword).join(', ')}
        </p>
      </div>
      <div className="flex shrink-0 gap-2">
        <Button
          id={editButtonId(filter.id)}
          variant="secondary"
          size="sm"
          aria-label={strings.editLabel(filter.title)}
          onClick={onEdit}
        >
          <Pencil className="size-4" aria-hidden="true" />
          {strings.edit}
        </Button>
        <Button
          variant="secondary"
          size="sm"
          aria-label={strings.removeLabel(filter.title)}
          onClick={onDelete}
        >
          <Trash2 className="size-4" aria-hidden="true" />
          {strings.remove}
        </Button>
      </div>
    </li>
  );
}

/** Settings → Filters: the person's keyword filters, a form to make or change one, and Delete. */
export function FilterSettings() {
  const filters = useFilters();
  const remove = useDeleteFilter();
  /** The form open: for a new filter (no id), for the filter with this id, or none. */
  const [editing, setEditing] = useState<{ filterId?: string } | null>(null);
  const creating = editing !== null && editing.filterId === undefined;
  // The filter the dialog asks about stays set while the dialog closes, so its text does not blank out.
  const [asked, setAsked] = useState<Filter | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [announced, setAnnounced] = useState('');

  const closeForm = (saved?: Filter) => {
    const opener = editing?.filterId ? editButtonId(editing.filterId) : ADD_BUTTON;
    setEditing(null);
    if (saved) setAnnounced(strings.saved(saved.title));
    focusIdWhenShown(saved ? editButtonId(saved.id) : opener);
  };

  const confirmDelete = () => {
    if (!asked || remove.isPending) return;
    const { id, title } = asked;
    remove.mutate(id, {
      onSuccess: () => {
        setConfirming(false);
        setAnnounced(strings.removed(title));
        // Its buttons are gone with it: after the dialog hands focus back, the section takes it.
        focusIdWhenShown(HEADING);
      },
      onError: (error) => {
        setConfirming(false);
        toastError(strings.removeFailed(title), error.message);
      },
    });
  };

  const list = filters.data;
  return (
    <section aria-labelledby={HEADING} className="flex flex-col gap-3">
      <h2 id={HEADING} tabIndex={-1} className="text-base font-bold focus-ring">
        {strings.heading}
      </h2>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">{strings.intro}</p>
      {filters.isPending ? (
        <div role="status" aria-label={strings.loading}>
          <Skeleton shape="card" className="h-20 w-full" />
        </div>
      ) : filters.isError ? (
        <ErrorState message={filters.error.message} onRetry={() => void filters.refetch()} />
      ) : (
        <>
          {list && list.length > 0 ? (
            <ul className="flex flex-col gap-3" aria-label={strings.heading}>
              {list.map((filter) =>
                editing?.filterId === filter.id ? (
                  <li key={filter.id}>
                    <FilterForm filter={filter} onDone={closeForm} />
                  </li>
                ) : (
                  <FilterEntry
                    key={filter.id}
                    filter={filter}
                    onEdit={() => setEditing({ filterId: filter.id })}
                    onDelete={() => {
                      setAsked(filter);
                      setConfirming(true);
                    }}
                  />
                ),
              )}
            </ul>
          ) : (
            !creating && <p className="text-sm text-zinc-700 dark:text-zinc-300">{strings.empty}</p>
          )}
          {creating ? (
            <FilterForm onDone={closeForm} />
          ) : (
            <div>
              <Button id={ADD_BUTTON} variant="secondary" onClick={() => setEditing({})}>
                <Plus className="size-4" aria-hidden="true" />
                {strings.add}
              </Button>
            </div>
          )}
        </>
      )}
      <p role="status" className="text-sm text-zinc-700 empty:hidden dark:text-zinc-300">
        {announced}
      </p>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={asked ? strings.confirmTitle(asked.title) : ''}
        description={strings.confirmText}
        confirmLabel={strings.remove}
        pending={remove.isPending}
        onConfirm={confirmDelete}
      />
    </section>
  );
}
