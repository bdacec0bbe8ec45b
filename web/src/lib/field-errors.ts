import { useCallback, useState } from 'react';

/** Each field's error, and `form`: the one about no field (shown once, above the submit button). */
export type FieldErrors<F extends string> = Partial<Record<F | 'form', string>>;

/**
 * The errors of one of the app's forms (decision 105): its own checks before sending (the browser's
 * bubbles are off, `noValidate`), then the server's refusal at the field it is about, or the form's.
 * An error goes as soon as its field changes, and the form's own with any change: a red line never
 * outlives the text it was about. Fields show them through `TextField`'s `error`.
 */
export function useFieldErrors<F extends string>() {
  const [errors, setErrors] = useState<FieldErrors<F>>({});
  /** The form's own checks, replacing every error; true when there are none (send it). */
  const check = useCallback((found: FieldErrors<F>) => {
    setErrors(found);
    return Object.values(found).every((message) => message === undefined);
  }, []);
  /** The server's refusal, in a person's words (`ApiError.message`), at `field` or the form's. */
  const refuse = useCallback((error: Error, field: F | undefined) => {
    const refused: FieldErrors<F> = {};
    refused[field ?? 'form'] = error.message;
    setErrors(refused);
  }, []);
  /** `field` changed: its error, and the form's, no longer hold. */
  const changed = useCallback((field: F) => {
    setErrors((old) =>
      old[field] === undefined && old.form === undefined
        ? old
        : { ...old, [field]: undefined, form: undefined },
    );
  }, []);
  return { errors, check, refuse, changed };
}
