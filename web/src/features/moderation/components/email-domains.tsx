import type { EmailDomainBlock } from '@sync/contract';
import { useRef, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { EmptyState, ErrorState } from '../../../components/ui/error-state';
import { TextField } from '../../../components/ui/field';
import { ListSkeleton } from '../../../components/ui/skeleton';
import { toastError } from '../../../lib/toast';
import { useAddEmailDomainBlock, useEmailDomainBlocks, useRemoveEmailDomainBlock } from '../api/moderation';
import { dateOf, Part } from './parts';
import { strings } from './strings';

const text = strings.domains;

function AddDomain({ onAdded }: { onAdded: (message: string) => void }) {
  const [domain, setDomain] = useState('');
  const [missing, setMissing] = useState(false);
  const add = useAddEmailDomainBlock();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = domain.trim().toLowerCase();
    if (!value) {
      setMissing(true);
      event.currentTarget.querySelector('input')?.focus();
      return;
    }
    if (add.isPending) return;
    add.mutate(value, {
      onSuccess: () => {
        setDomain('');
        onAdded(text.added(value));
      },
    });
  };
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3 sm:flex-row sm:items-start">
      <div className="flex-1">
        <TextField
          label={text.domain}
          hint={text.domainHint}
          required
          value={domain}
          autoCapitalize="none"
          spellCheck={false}
          error={missing ? text.required : add.error?.message}
          onChange={(event) => {
            setDomain(event.target.value);
            setMissing(false);
          }}
        />
      </div>
      <Button type="submit" className="sm:mt-7" pending={add.isPending}>
        {text.add}
      </Button>
    </form>
  );
}

/** The email domains whose addresses may not sign up: add one, remove one (after asking). */
export function EmailDomains() {
  const blocks = useEmailDomainBlocks();
  const remove = useRemoveEmailDomainBlock();
  const [asked, setAsked] = useState<EmailDomainBlock | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [said, setSaid] = useState('');
  const heading = useRef<HTMLHeadingElement>(null);

  const confirm = () => {
    if (!asked || remove.isPending) return;
    const { domain } = asked;
    remove.mutate(domain, {
      onSuccess: () => {
        setConfirming(false);
        setSaid(text.removed(domain));
        // Its Remove button is gone with it: after the dialog hands focus back, the list's heading takes it.
        requestAnimationFrame(() => heading.current?.focus());
      },
      onError: (error) => {
        setConfirming(false);
        toastError(text.removeTitle(domain), error.message);
      },
    });
  };

  return (
    <>
      <Part id="domains-add-heading" title={text.addHeading} intro={text.intro}>
        <AddDomain onAdded={setSaid} />
      </Part>
      <section aria-labelledby="domains-heading" className="flex flex-col gap-3 px-4 py-5">
        <h2 id="domains-heading" ref={heading} tabIndex={-1} className="text-base font-bold focus-ring">
          {text.listLabel}
        </h2>
        <p role="status" className="text-sm text-zinc-700 empty:hidden dark:text-zinc-300">
          {said}
        </p>
        {blocks.isPending ? (
          <ListSkeleton count={2} label={strings.loading(text.listLabel)} />
        ) : blocks.isError ? (
          <ErrorState message={blocks.error.message} onRetry={() => void blocks.refetch()} />
        ) : blocks.data.length === 0 ? (
          <EmptyState>{text.empty}</EmptyState>
        ) : (
          <ul className="flex flex-col divide-y divide-zinc-200 dark:divide-zinc-800">
            {blocks.data.map((block) => (
              <li key={block.domain} className="flex items-center justify-between gap-3 py-2 text-sm">
                <span className="min-w-0">
                  <span className="block font-mono font-semibold break-all">{block.domain}</span>
                  <span className="text-zinc-600 dark:text-zinc-400">
                    {text.blockedAt(dateOf(block.createdAt))}
                  </span>
                </span>
                <Button
                  variant="secondary"
                  size="sm"
                  aria-label={text.removeLabel(block.domain)}
                  onClick={() => {
                    setAsked(block);
                    setSaid('');
                    setConfirming(true);
                  }}
                >
                  {text.remove}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </section>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={asked ? text.removeTitle(asked.domain) : ''}
        description={text.removeText}
        confirmLabel={text.remove}
        pending={remove.isPending}
        onConfirm={confirm}
      />
    </>
  );
}
