import type { Ref } from 'react';
import { TextField } from '../../components/ui/field';

/**
 * An address typed in: the browser's email keyboard and autofill, the app's inline error (cleared as
 * soon as the field changes: `onChange` gets the new value, and the caller drops the error).
 */
export function EmailField({
  label = 'Email address',
  name = 'email',
  hint,
  ref,
  value,
  error,
  onChange,
}: {
  label?: string;
  name?: string;
  hint?: string;
  ref?: Ref<HTMLInputElement>;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  return (
    <TextField
      ref={ref}
      label={label}
      name={name}
      type="email"
      autoComplete="email"
      required
      hint={hint}
      value={value}
      error={error}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
