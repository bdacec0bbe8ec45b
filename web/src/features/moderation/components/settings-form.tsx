import {
  InstanceLimits,
  type EmailConfirmation,
  type InstanceSettings,
  type RegistrationsMode,
} from '@sync/contract';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { ErrorState } from '../../../components/ui/error-state';
import { TextAreaField, TextField } from '../../../components/ui/field';
import { ListSkeleton } from '../../../components/ui/skeleton';
import { useSaveSettings, useSettings } from '../api/moderation';
import { strings } from './strings';

const text = strings.settings;
const modes: RegistrationsMode[] = ['open', 'approval', 'invite', 'closed'];
const confirmations: EmailConfirmation[] = ['optional', 'required', 'off'];

type ChoicesProps<T extends string> = {
  legend: string;
  name: string;
  choices: readonly T[];
  /** What each choice is called and means. */
  words: Record<T, { label: string; hint: string }>;
  value: T;
  onChange: (value: T) => void;
};

/** One setting's choices as radio cards, each with what it means. */
function Choices<T extends string>({ legend, name, choices, words, value, onChange }: ChoicesProps<T>) {
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-sm font-medium text-zinc-800 dark:text-zinc-200">{legend}</legend>
      {choices.map((option) => (
        <label
          key={option}
          className="flex cursor-pointer items-start gap-3 rounded-lg border border-zinc-200 p-3 has-checked:border-teal-700 has-checked:bg-teal-50 dark:border-zinc-800 dark:has-checked:border-teal-400 dark:has-checked:bg-teal-950/40"
        >
          <input
            type="radio"
            name={name}
            value={option}
            checked={value === option}
            onChange={() => onChange(option)}
            className="mt-0.5 size-4 accent-teal-700 focus-ring dark:accent-teal-400"
          />
          <span className="text-sm">
            <span className="font-semibold text-zinc-900 dark:text-zinc-50">{words[option].label}</span>
            <span className="block text-zinc-600 dark:text-zinc-400">{words[option].hint}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}

function Form({ saved }: { saved: InstanceSettings }) {
  const [form, setForm] = useState(saved);
  const [said, setSaid] = useState('');
  const save = useSaveSettings();
  const set =
    <K extends keyof InstanceSettings>(key: K) =>
    (value: InstanceSettings[K]) => {
      setSaid('');
      setForm((old) => ({ ...old, [key]: value }));
    };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    setSaid('');
    save.mutate(
      { ...form, title: form.title.trim(), contactEmail: form.contactEmail.trim() },
      { onSuccess: () => setSaid(strings.saved) },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <TextField
        label={text.title}
        value={form.title}
        maxLength={InstanceLimits.titleMax}
        onChange={(event) => set('title')(event.target.value)}
      />
      <TextAreaField
        label={text.description}
        value={form.description}
        maxLength={InstanceLimits.descriptionMax}
        onChange={(event) => set('description')(event.target.value)}
      />
      <TextField
        label={text.contactEmail}
        hint={text.contactHint}
        type="email"
        autoComplete="email"
        value={form.contactEmail}
        onChange={(event) => set('contactEmail')(event.target.value)}
      />
      <Choices
        legend={text.mode}
        name="registrations-mode"
        choices={modes}
        words={text.modes}
        value={form.registrationsMode}
        onChange={set('registrationsMode')}
      />
      <TextAreaField
        label={text.message}
        hint={text.messageHint}
        value={form.registrationsMessage}
        maxLength={InstanceLimits.registrationsMessageMax}
        onChange={(event) => set('registrationsMessage')(event.target.value)}
      />
      <Choices
        legend={text.emailConfirmation}
        name="email-confirmation"
        choices={confirmations}
        words={text.emailConfirmations}
        value={form.emailConfirmation}
        onChange={set('emailConfirmation')}
      />
      {save.error && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {save.error.message}
        </p>
      )}
      <div className="flex items-center justify-end gap-3">
        <p role="status" className="text-sm text-zinc-700 dark:text-zinc-300">
          {said}
        </p>
        <Button type="submit" pending={save.isPending}>
          {strings.save}
        </Button>
      </div>
    </form>
  );
}

/** The server's name, description and contact, and how people join. */
export function SettingsForm() {
  const settings = useSettings();
  return (
    <div className="flex flex-col gap-4 px-4 py-5">
      <p className="text-sm text-zinc-600 dark:text-zinc-400">{text.intro}</p>
      {settings.isPending ? (
        <ListSkeleton count={2} label={strings.loading(strings.sections.settings)} />
      ) : settings.isError ? (
        <ErrorState message={settings.error.message} onRetry={() => void settings.refetch()} />
      ) : (
        <Form saved={settings.data} />
      )}
    </div>
  );
}
