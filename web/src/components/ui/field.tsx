import {
  useId,
  type InputHTMLAttributes,
  type Ref,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';

export const inputClass =
  'w-full rounded-lg border border-zinc-300 bg-white px-3 py-2 text-sm text-zinc-900 placeholder:text-zinc-500 focus-ring read-only:bg-zinc-100 read-only:text-zinc-600 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100 dark:placeholder:text-zinc-400 dark:read-only:bg-zinc-800 dark:read-only:text-zinc-400';

/** The softer, borderless-looking box of the post composer and the comment box. */
export const composerInputClass =
  'resize-y rounded-xl border border-zinc-200 bg-zinc-50 px-3 py-2 text-zinc-900 placeholder:text-zinc-500 focus-ring dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-100 dark:placeholder:text-zinc-400';

type FieldExtras = {
  label: string;
  ref?: Ref<HTMLInputElement>;
  /** A rule shown before submitting (password length, allowed characters). */
  hint?: string;
  /** This field's error; it is tied to the field and marks it invalid. */
  error?: string;
  /** Ids of other text that describes the field (a form-level error about it). */
  describedBy?: string;
};

/** The ids and attributes that tie a field to its hint and error, for assistive technology. */
function useDescriptions({ hint, error, describedBy }: Omit<FieldExtras, 'label' | 'ref'>) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const ids = [errorId, hintId, describedBy].filter(Boolean).join(' ');
  return {
    id,
    attributes: {
      id,
      'aria-invalid': error || describedBy ? true : undefined,
      'aria-describedby': ids || undefined,
    },
    messages: (
      <>
        {hint && (
          <p id={hintId} className="text-xs text-zinc-600 dark:text-zinc-400">
            {hint}
          </p>
        )}
        {error && (
          <p id={errorId} className="text-sm text-red-700 dark:text-red-400">
            {error}
          </p>
        )}
      </>
    ),
  };
}

export function TextField({
  label,
  hint,
  error,
  describedBy,
  ...props
}: InputHTMLAttributes<HTMLInputElement> & FieldExtras) {
  const { id, attributes, messages } = useDescriptions({ hint, error, describedBy });
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-zinc-800 dark:text-zinc-200">
        {label}
        {props.required && (
          <span className="text-red-700 dark:text-red-400" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </label>
      <input className={inputClass} {...props} {...attributes} />
      {messages}
    </div>
  );
}

export function TextAreaField({
  label,
  hint,
  error,
  describedBy,
  ...props
}: TextareaHTMLAttributes<HTMLTextAreaElement> & Omit<FieldExtras, 'ref'>) {
  const { id, attributes, messages } = useDescriptions({ hint, error, describedBy });
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-zinc-800 dark:text-zinc-200">
        {label}
        {props.required && (
          <span className="text-red-700 dark:text-red-400" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </label>
      <textarea className={`${inputClass} min-h-24 resize-y`} {...props} {...attributes} />
      {messages}
    </div>
  );
}

export const selectClass =
  'w-full rounded-lg border border-zinc-300 bg-white px-3 py-2 text-sm text-zinc-900 focus-ring dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100';

/** A drop-down with its label above it; `fieldClassName` sizes the pair (`sm:w-40`). */
export function SelectField({
  label,
  fieldClassName = '',
  children,
  ...props
}: Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'className'> & {
  label: string;
  fieldClassName?: string;
}) {
  const id = useId();
  return (
    <div className={`flex flex-col gap-1.5 ${fieldClassName}`}>
      <label htmlFor={id} className="text-sm font-medium text-zinc-800 dark:text-zinc-200">
        {label}
      </label>
      <select id={id} className={selectClass} {...props}>
        {children}
      </select>
    </div>
  );
}
