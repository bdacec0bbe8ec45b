import { InstanceLimits, type InstanceRule } from '@sync/contract';
import { useRef, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog, Modal, ModalClose } from '../../../components/ui/dialog';
import { EmptyState, ErrorState } from '../../../components/ui/error-state';
import { TextAreaField, TextField } from '../../../components/ui/field';
import { ListSkeleton } from '../../../components/ui/skeleton';
import { toastError } from '../../../lib/toast';
import { useDeleteRule, useRules, useSaveRule } from '../api/moderation';
import { Part } from './parts';
import { strings } from './strings';

const text = strings.rules;

/** A rule's text and explanation; `rule` null: a new one, added after the others. */
function RuleForm({
  rule,
  submitLabel,
  onSaved,
  cancel,
}: {
  rule: InstanceRule | null;
  submitLabel: string;
  onSaved: (message: string) => void;
  cancel?: boolean;
}) {
  const [ruleText, setRuleText] = useState(rule?.text ?? '');
  const [hint, setHint] = useState(rule?.hint ?? '');
  const [missing, setMissing] = useState(false);
  const save = useSaveRule();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    if (!ruleText.trim()) {
      setMissing(true);
      form.querySelector('input')?.focus();
      return;
    }
    if (save.isPending) return;
    save.mutate(
      { id: rule?.id ?? null, rule: { text: ruleText.trim(), hint: hint.trim() } },
      {
        onSuccess: () => {
          if (!rule) {
            setRuleText('');
            setHint('');
          }
          onSaved(rule ? strings.saved : text.added);
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3">
      <TextField
        label={text.text}
        required
        value={ruleText}
        maxLength={InstanceLimits.ruleTextMax}
        error={missing ? text.textRequired : undefined}
        onChange={(event) => {
          setRuleText(event.target.value);
          setMissing(false);
        }}
      />
      <TextAreaField
        label={text.hint}
        value={hint}
        maxLength={InstanceLimits.ruleHintMax}
        onChange={(event) => setHint(event.target.value)}
      />
      {save.error && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {save.error.message}
        </p>
      )}
      <div className="flex justify-end gap-3">
        {cancel && <ModalClose>{strings.cancel}</ModalClose>}
        <Button type="submit" pending={save.isPending}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}

/** The server's rules in the order people see them: edit one, delete one (after asking), add one. */
export function RulesEditor() {
  const rules = useRules();
  const remove = useDeleteRule();
  // The rule a dialog is about stays set while the dialog closes, so its text does not blank out.
  const [chosen, setChosen] = useState<{ rule: InstanceRule; n: number } | null>(null);
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [said, setSaid] = useState('');
  const heading = useRef<HTMLHeadingElement>(null);

  const confirmDelete = () => {
    if (!chosen || remove.isPending) return;
    remove.mutate(chosen.rule.id, {
      onSuccess: () => {
        setDeleting(false);
        setSaid(text.deleted);
        // Its buttons are gone with it: after the dialog hands focus back, the list's heading takes it.
        requestAnimationFrame(() => heading.current?.focus());
      },
      onError: (error) => {
        setDeleting(false);
        toastError(text.deleteTitle(chosen.n), error.message);
      },
    });
  };

  return (
    <>
      <section
        aria-labelledby="rules-heading"
        className="flex flex-col gap-3 border-b border-zinc-200 px-4 py-5 dark:border-zinc-800"
      >
        <h2 id="rules-heading" ref={heading} tabIndex={-1} className="text-base font-bold focus-ring">
          {text.listLabel}
        </h2>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{text.intro}</p>
        {rules.isPending ? (
          <ListSkeleton count={2} label={strings.loading(text.listLabel)} />
        ) : rules.isError ? (
          <ErrorState message={rules.error.message} onRetry={() => void rules.refetch()} />
        ) : rules.data.length === 0 ? (
          <EmptyState>{text.empty}</EmptyState>
        ) : (
          <ol className="flex flex-col gap-3">
            {rules.data.map((rule, index) => {
              const n = index + 1;
              return (
                <li
                  key={rule.id}
                  className="flex flex-col gap-2 rounded-xl border border-zinc-200 p-3 sm:flex-row sm:items-start sm:justify-between dark:border-zinc-800"
                >
                  <div className="min-w-0 text-sm">
                    <p className="font-semibold break-words text-zinc-900 dark:text-zinc-50">
                      {n}. {rule.text}
                    </p>
                    {rule.hint && (
                      <p className="mt-1 whitespace-pre-wrap break-words text-zinc-600 dark:text-zinc-400">
                        {rule.hint}
                      </p>
                    )}
                  </div>
                  <div className="flex shrink-0 gap-2">
                    <Button
                      variant="secondary"
                      size="sm"
                      aria-label={text.editLabel(n)}
                      onClick={() => {
                        setChosen({ rule, n });
                        setSaid('');
                        setEditing(true);
                      }}
                    >
                      {text.edit}
                    </Button>
                    <Button
                      variant="secondary"
                      size="sm"
                      aria-label={text.deleteLabel(n)}
                      onClick={() => {
                        setChosen({ rule, n });
                        setSaid('');
                        setDeleting(true);
                      }}
                    >
                      {text.delete}
                    </Button>
                  </div>
                </li>
              );
            })}
          </ol>
        )}
        <p role="status" className="text-sm text-zinc-700 empty:hidden dark:text-zinc-300">
          {said}
        </p>
      </section>
      <Part id="rules-add-heading" title={text.addHeading}>
        <RuleForm rule={null} submitLabel={text.add} onSaved={setSaid} />
      </Part>
      <Modal open={editing} onOpenChange={setEditing} title={chosen ? text.editTitle(chosen.n) : ''}>
        {chosen && (
          <RuleForm
            key={chosen.rule.id}
            rule={chosen.rule}
            submitLabel={strings.save}
            cancel
            onSaved={(message) => {
              setEditing(false);
              setSaid(message);
            }}
          />
        )}
      </Modal>
      <ConfirmDialog
        open={deleting}
        onOpenChange={setDeleting}
        title={chosen ? text.deleteTitle(chosen.n) : ''}
        description={text.deleteText}
        confirmLabel={text.delete}
        pending={remove.isPending}
        onConfirm={confirmDelete}
      />
    </>
  );
}
