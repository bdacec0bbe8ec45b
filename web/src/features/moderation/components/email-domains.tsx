import type { EmailDomainBlock } from '@sync/contract';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { TextField } from '../../../components/ui/field';
import { useAddEmailDomainBlock, useEmailDomainBlocks, useRemoveEmailDomainBlock } from '../api/moderation';
import { ManagedList, useConfirmedRemoval } from './managed-list';
import { Part } from './parts';
import { exactDate } from '../../../lib/relative-time';
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
  const removal = useConfirmedRemoval<EmailDomainBlock>();
  const { asked } = removal;

  const confirm = () => {
    if (!asked || remove.isPending) return;
    const { domain } = asked;
    remove.mutate(domain, {
      onSuccess: () => removal.removed(text.removed(domain)),
      onError: (error) => removal.failed(text.removeTitle(domain), error),
    });
  };

  return (
    <>
      <Part id="domains-add-heading" title={text.addHeading} intro={text.intro}>
        <AddDomain onAdded={removal.setSaid} />
      </Part>
      <ManagedList
        id="domains-heading"
        title={text.listLabel}
        headingRef={removal.heading}
        said={removal.said}
        query={blocks}
        empty={text.empty}
      >
        {(list) => (
          <ul className="flex flex-col divide-y divide-zinc-200 dark:divide-zinc-800">
            {list.map((block) => (
              <li key={block.domain} className="flex items-center justify-between gap-3 py-2 text-sm">
                <span className="min-w-0">
                  <span className="block font-mono font-semibold break-all">{block.domain}</span>
                  <span className="text-zinc-600 dark:text-zinc-400">
                    {text.blockedAt(exactDate(block.createdAt))}
                  </span>
                </span>
                <Button
                  variant="secondary"
                  size="sm"
                  aria-label={text.removeLabel(block.domain)}
                  onClick={() => removal.ask(block)}
                >
                  {text.remove}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </ManagedList>
      <ConfirmDialog
        open={removal.confirming}
        onOpenChange={removal.setConfirming}
        title={asked ? text.removeTitle(asked.domain) : ''}
        description={text.removeText}
        confirmLabel={text.remove}
        pending={remove.isPending}
        onConfirm={confirm}
      />
    </>
  );
}
