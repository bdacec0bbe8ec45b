import {
  FilterLimits,
  type Filter,
  type FilterAction,
  type FilterBody,
  type FilterContext,
} from '@sync/contract';
import { Plus, X } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { inputClass, TextField } from '../../../components/ui/field';
import { useSaveFilter } from '../api/filters';
import { actionLabels, contextLabels, contextOrder, expiryChoices, strings } from './strings';

const text = strings.form;

type KeywordRow = { key: number; keyword: string; wholeWord: boolean };
type Errors = { title?: string; contexts?: string; keywords?: string; keywordAt?: Map<number, string> };

/** The expiry select's value: a number of seconds, "never", or "keep" (an edit that leaves it as it is). */
type Expiry = string;
const NEVER = 'never';
const KEEP = 'keep';

const checkClass = 'size-4 shrink-0 accent-teal-700 focus-ring dark:accent-teal-400';
const legendClass = 'mb-2 text-sm font-medium text-zinc-800 dark:text-zinc-200';
const errorClass = 'text-sm text-red-700 dark:text-red-400';

function checked(title: string, contexts: ReadonlySet<FilterContext>, rows: readonly KeywordRow[]): Errors {
  const errors: Errors = {};
  const trimmed = title.trim();
  if (trimmed === '') errors.title = text.titleRequired;
  else if ([...trimmed].length > FilterLimits.titleMax)
    errors.title = text.titleTooLong(FilterLimits.titleMax);
  if (contexts.size === 0) errors.contexts = text.contextRequired;
  const written = rows.filter((row) => row.keyword.trim() !== '');
  if (written.length === 0) errors.keywords = text.keywordRequired;
  else if (written.length > FilterLimits.keywordsPerFilter)
    errors.keywords = text.tooManyKeywords(FilterLimits.keywordsPerFilter);
  const tooLong = rows.filter((row) => [...row.keyword.trim()].length > FilterLimits.keywordMax);
  if (tooLong.length > 0)
    errors.keywordAt = new Map(tooLong.map((row) => [row.key, text.keywordTooLong(FilterLimits.keywordMax)]));
  return errors;
}

type Props = {
  /** The filter to edit; none: a new one. */
  filter?: Filter;
  /** Called with the saved filter, or with nothing when the person cancels. */
  onDone: (saved?: Filter) => void;
};

/** A keyword filter's form: title, where it applies, what it does, how long, and its keywords. */
export function FilterForm({ filter, onDone }: Props) {
  const id = useId();
  const save = useSaveFilter();
  const [title, setTitle] = useState(filter?.title ?? '');
  const [contexts, setContexts] = useState<ReadonlySet<FilterContext>>(
    new Set(filter?.context ?? ['home', 'public', 'thread', 'account']),
  );
  const [action, setAction] = useState<FilterAction>(filter?.action ?? 'warn');
  const [expiry, setExpiry] = useState<Expiry>(filter?.expiresAt ? KEEP : NEVER);
  const [keywords, setKeywords] = useState<{ rows: KeywordRow[]; nextKey: number }>(() => {
    const given = filter && filter.keywords.length > 0 ? filter.keywords : [{ keyword: '', wholeWord: true }];
    return {
      rows: given.map(({ keyword, wholeWord }, key) => ({ key, keyword, wholeWord })),
      nextKey: given.length,
    };
  });
  const { rows } = keywords;
  const [errors, setErrors] = useState<Errors>({});
  /** The element to focus once the next render has drawn it (a keyword added or removed). */
  const focusNext = useRef<string | null>(null);
  const titleField = useRef<HTMLInputElement>(null);
  const form = useRef<HTMLFormElement>(null);
  const ids = {
    add: `${id}-add-keyword`,
    heading: `${id}-heading`,
    contexts: `${id}-contexts-error`,
    keywords: `${id}-keywords-error`,
    keywordsHint: `${id}-keywords-hint`,
    keyword: (key: number) => `${id}-keyword-${key}`,
  };

  // The form opens to be filled in: its first field takes focus.
  useEffect(() => titleField.current?.focus(), []);

  useEffect(() => {
    if (focusNext.current === null) return;
    document.getElementById(focusNext.current)?.focus();
    focusNext.current = null;
  });

  /** A change takes back the error it answers at once (decision 105); a keyword's, the list's too. */
  const clearError = (field: 'title' | 'contexts' | 'keywords', rowKey?: number) =>
    setErrors((old) => {
      const keywordAt = new Map(old.keywordAt);
      if (rowKey !== undefined) keywordAt.delete(rowKey);
      return { ...old, [field]: undefined, keywordAt };
    });

  const setRow = (key: number, change: Partial<KeywordRow>) =>
    setKeywords((current) => ({
      ...current,
      rows: current.rows.map((row) => (row.key === key ? { ...row, ...change } : row)),
    }));

  const removeRow = (index: number) => {
    const next = rows[index + 1] ?? rows[index - 1];
    focusNext.current = next ? ids.keyword(next.key) : ids.add;
    setKeywords({ ...keywords, rows: rows.filter((_, at) => at !== index) });
  };

  const addRow = () => {
    const key = keywords.nextKey;
    focusNext.current = ids.keyword(key);
    setKeywords({ rows: [...rows, { key, keyword: '', wholeWord: true }], nextKey: key + 1 });
  };

  const toggleContext = (context: FilterContext, on: boolean) => {
    const next = new Set(contexts);
    if (on) next.add(context);
    else next.delete(context);
    setContexts(next);
    clearError('contexts');
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    const found = checked(title, contexts, rows);
    setErrors(found);
    if (found.title) return titleField.current?.focus();
    if (found.contexts)
      return form.current?.querySelector<HTMLInputElement>('input[name="context"]')?.focus();
    const badRow = rows.find((row) => found.keywordAt?.has(row.key));
    if (badRow) return document.getElementById(ids.keyword(badRow.key))?.focus();
    if (found.keywords) return document.getElementById(rows[0] ? ids.keyword(rows[0].key) : ids.add)?.focus();

    const body: FilterBody = {
      title: title.trim(),
      context: contextOrder.filter((context) => contexts.has(context)),
      action,
      keywords: rows
        .filter((row) => row.keyword.trim() !== '')
        .map((row) => ({ keyword: row.keyword.trim(), wholeWord: row.wholeWord })),
      ...(expiry !== KEEP && { expiresInSeconds: expiry === NEVER ? null : Number(expiry) }),
    };
    save.mutate({ id: filter?.id, body }, { onSuccess: (saved) => onDone(saved) });
  };

  return (
    <form
      ref={form}
      onSubmit={submit}
      noValidate
      aria-labelledby={ids.heading}
      className="flex flex-col gap-5 rounded-xl border border-zinc-200 p-4 dark:border-zinc-800"
    >
      <h3 id={ids.heading} className="text-base font-semibold">
        {filter ? text.editHeading(filter.title) : text.newHeading}
      </h3>
      <TextField
        ref={titleField}
        label={text.title}
        required
        maxLength={FilterLimits.titleMax}
        hint={text.titleHint}
        error={errors.title}
        value={title}
        onChange={(event) => {
          setTitle(event.target.value);
          clearError('title');
        }}
      />

      <fieldset aria-describedby={errors.contexts ? ids.contexts : undefined}>
        <legend className={legendClass}>{text.contexts}</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {contextOrder.map((context) => (
            <label key={context} className="flex min-h-6 items-center gap-3 text-sm">
              <input
                type="checkbox"
                name="context"
                value={context}
                checked={contexts.has(context)}
                aria-invalid={errors.contexts ? true : undefined}
                onChange={(event) => toggleContext(context, event.target.checked)}
                className={checkClass}
              />
              {contextLabels[context]}
            </label>
          ))}
        </div>
        {errors.contexts && (
          <p id={ids.contexts} className={`mt-2 ${errorClass}`}>
            {errors.contexts}
          </p>
        )}
      </fieldset>

      <fieldset>
        <legend className={legendClass}>{text.action}</legend>
        <div className="flex flex-col gap-2">
          {(['warn', 'hide'] as const).map((value) => (
            <label key={value} className="flex items-start gap-3 text-sm">
              <input
                type="radio"
                name={`${id}-action`}
                value={value}
                checked={action === value}
                onChange={() => setAction(value)}
                className={`mt-0.5 ${checkClass}`}
              />
              <span>
                <span className="block font-medium">{actionLabels[value].label}</span>
                <span className="block text-xs text-zinc-600 dark:text-zinc-400">
                  {actionLabels[value].hint}
                </span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>

      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${id}-expiry`} className="text-sm font-medium text-zinc-800 dark:text-zinc-200">
          {text.expiry}
        </label>
        <select
          id={`${id}-expiry`}
          value={expiry}
          onChange={(event) => setExpiry(event.target.value)}
          className={`${inputClass} sm:w-72`}
        >
          {filter?.expiresAt && <option value={KEEP}>{text.keep(filter.expiresAt)}</option>}
          {expiryChoices.map(({ seconds, label }) => (
            <option key={label} value={seconds === null ? NEVER : String(seconds)}>
              {label}
            </option>
          ))}
        </select>
      </div>

      <fieldset aria-describedby={[errors.keywords ? ids.keywords : '', ids.keywordsHint].join(' ').trim()}>
        <legend className={legendClass}>{text.keywords}</legend>
        <p id={ids.keywordsHint} className="mb-3 text-xs text-zinc-600 dark:text-zinc-400">
          {text.keywordsHint} {text.wholeWordHint}
        </p>
        <ul className="flex flex-col gap-3">
          {rows.map((row, index) => {
            const rowError = errors.keywordAt?.get(row.key);
            return (
              <li key={row.key} className="flex flex-wrap items-center gap-x-3 gap-y-2">
                <label htmlFor={ids.keyword(row.key)} className="sr-only">
                  {text.keyword(index + 1)}
                </label>
                <input
                  id={ids.keyword(row.key)}
                  value={row.keyword}
                  maxLength={FilterLimits.keywordMax}
                  aria-invalid={rowError || (errors.keywords && index === 0) ? true : undefined}
                  aria-describedby={rowError ? `${ids.keyword(row.key)}-error` : undefined}
                  onChange={(event) => {
                    setRow(row.key, { keyword: event.target.value });
                    clearError('keywords', row.key);
                  }}
                  className={`${inputClass} min-w-0 flex-1 basis-48`}
                />
                <label className="flex min-h-6 items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    checked={row.wholeWord}
                    onChange={(event) => setRow(row.key, { wholeWord: event.target.checked })}
                    className={checkClass}
                    aria-label={`${text.wholeWord}, ${text.keyword(index + 1).toLowerCase()}`}
                  />
                  <span aria-hidden="true">{text.wholeWord}</span>
                </label>
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={text.removeKeyword(index + 1)}
                  onClick={() => removeRow(index)}
                >
                  <X className="size-4" aria-hidden="true" />
                </Button>
                {rowError && (
                  <p id={`${ids.keyword(row.key)}-error`} className={`w-full ${errorClass}`}>
                    {rowError}
                  </p>
                )}
              </li>
            );
          })}
        </ul>
        {errors.keywords && (
          <p id={ids.keywords} className={`mt-2 ${errorClass}`}>
            {errors.keywords}
          </p>
        )}
        <Button
          id={ids.add}
          variant="secondary"
          size="sm"
          className="mt-3"
          disabled={rows.length >= FilterLimits.keywordsPerFilter}
          onClick={addRow}
        >
          <Plus className="size-4" aria-hidden="true" />
          {text.addKeyword}
        </Button>
      </fieldset>

      {save.error && (
        <p role="alert" className={errorClass}>
          {save.error.message}
        </p>
      )}
      <div className="flex flex-wrap justify-end gap-3">
        <Button variant="secondary" onClick={() => onDone()}>
          {text.cancel}
        </Button>
        <Button type="submit" pending={save.isPending}>
          {text.save}
        </Button>
      </div>
    </form>
  );
}
