import { Suspense, useCallback, useId, useRef, useState, type Ref, type TextareaHTMLAttributes } from 'react';
import { lazyPart } from '../../lib/lazy';

// Not with the first screen: loaded when the person first types @ or # in a box.
const TextSuggestions = lazyPart(() => import('./text-suggestions'));

/** Characters as the server counts them: of the trimmed text, an emoji counting once. */
export function characterCount(text: string) {
  return [...text.trim()].length;
}

export function isWithinLimit(text: string, limit: number) {
  const count = characterCount(text);
  return count > 0 && count <= limit;
}

type Props = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'value' | 'onChange'> & {
  value: string;
  onValueChange: (value: string) => void;
  limit: number;
  label: string;
  ref?: Ref<HTMLTextAreaElement>;
  /** Added to the counter's classes (the phone's idle composer hides it). */
  counterClassName?: string;
};

/**
 * A text box for a post or a comment: a counter against the server's limit (tied to the box, so a
 * screen reader hears it with the field), Ctrl/⌘+Enter to send its form, and suggestions for the
 * @mention or #tag being typed.
 */
export function MessageField({
  value,
  onValueChange,
  limit,
  label,
  className = '',
  counterClassName = '',
  ref,
  ...props
}: Props) {
  const counterId = useId();
  const field = useRef<HTMLTextAreaElement | null>(null);
  const [suggesting, setSuggesting] = useState(false);
  const setField = useCallback(
    (element: HTMLTextAreaElement | null) => {
      field.current = element;
      if (typeof ref === 'function') return ref(element);
      if (ref) ref.current = element;
    },
    [ref],
  );
  const count = characterCount(value);
  const over = count > limit;
  return (
    <div className="flex min-w-0 flex-1 flex-col gap-1">
      <div className="relative flex flex-col">
        <textarea
          {...props}
          ref={setField}
          aria-label={label}
          aria-describedby={counterId}
          aria-invalid={over || undefined}
          value={value}
          onChange={(event) => {
            if (!suggesting && /[@#]/.test(event.target.value)) setSuggesting(true);
            onValueChange(event.target.value);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
              event.preventDefault();
              event.currentTarget.form?.requestSubmit();
            }
            props.onKeyDown?.(event);
          }}
          className={className}
        />
        {suggesting && (
          <Suspense fallback={null}>
            <TextSuggestions field={field} value={value} onValueChange={onValueChange} />
          </Suspense>
        )}
      </div>
      <p
        id={counterId}
        className={`self-end text-xs tabular-nums ${counterClassName} ${over ? 'font-semibold text-red-700 dark:text-red-400' : 'text-zinc-600 dark:text-zinc-400'}`}
      >
        {over
          ? `${(count - limit).toLocaleString('en-US')} characters over the limit of ${limit.toLocaleString('en-US')}`
          : `${count.toLocaleString('en-US')} / ${limit.toLocaleString('en-US')}`}
      </p>
    </div>
  );
}
