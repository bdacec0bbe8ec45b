import type { AccountStatus } from '@sync/contract';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { EmptyState, ErrorState } from '../../../components/ui/error-state';
import { SelectField, TextField } from '../../../components/ui/field';
import { InfiniteList } from '../../../components/ui/infinite-list';
import { ListSkeleton } from '../../../components/ui/skeleton';
import { useAccounts, type AccountFilter } from '../api/moderation';
import { AccountBadges, AccountLine } from './parts';
import { exactDate } from '../../../lib/relative-time';
import { strings } from './strings';

const text = strings.accounts;
const statuses: AccountStatus[] = ['active', 'pending', 'suspended', 'limited', 'staff'];
const isStatus = (value: string | null): value is AccountStatus =>
  statuses.some((status) => status === value);

function AccountList({ filter }: { filter: AccountFilter }) {
  const query = useAccounts(filter);
  if (query.isPending) return <ListSkeleton label={strings.loading(text.listLabel)} />;
  if (query.isError && !query.data) {
    return <ErrorState message={query.error.message} onRetry={() => void query.refetch()} />;
  }
  const accounts = query.data.pages.flatMap((page) => page.accounts);
  if (accounts.length === 0) return <EmptyState>{text.empty}</EmptyState>;
  return (
    <InfiniteList
      label={text.listLabel}
      items={accounts}
      getKey={(account) => account._id}
      renderItem={(account) => (
        <div className="flex flex-col gap-1.5 border-b border-zinc-200 px-4 py-3 sm:flex-row sm:items-center sm:justify-between dark:border-zinc-800">
          <AccountLine user={account} detail={text.joined(exactDate(account.createdAt))} />
          <AccountBadges account={account} />
        </div>
      )}
      paging={query}
    />
  );
}

/** Every account, searched and filtered by status; the filter lives in the address, so Back keeps it. */
export function AccountsBrowser() {
  const [params, setParams] = useSearchParams();
  const status = params.get('status');
  const filter: AccountFilter = {
    status: isStatus(status) ? status : undefined,
    query: params.get('query') ?? '',
  };
  const [words, setWords] = useState(filter.query);

  const show = (next: AccountFilter) => {
    const search = new URLSearchParams();
    if (next.status) search.set('status', next.status);
    if (next.query) search.set('query', next.query);
    setParams(search, { replace: true });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    show({ ...filter, query: words.trim() });
  };

  return (
    <>
      <form
        role="search"
        onSubmit={submit}
        className="flex flex-col gap-3 border-b border-zinc-200 px-4 py-4 sm:flex-row sm:items-end dark:border-zinc-800"
      >
        <div className="flex-1">
          <TextField
            label={text.search}
            type="search"
            value={words}
            onChange={(event) => setWords(event.target.value)}
          />
        </div>
        <SelectField
          label={text.filter}
          fieldClassName="sm:w-48"
          value={filter.status ?? ''}
          onChange={(event) => {
            const value = event.target.value;
            show({ ...filter, status: isStatus(value) ? value : undefined });
          }}
        >
          <option value="">{text.all}</option>
          {statuses.map((value) => (
            <option key={value} value={value}>
              {strings.status[value]}
            </option>
          ))}
        </SelectField>
        <Button type="submit" variant="secondary">
          {text.searchButton}
        </Button>
      </form>
      <AccountList filter={filter} />
    </>
  );
}
