import { useId } from 'react';
import { toastError } from '../../../lib/toast';
import { usePreferences, useSetPreferences } from '../api/quotes';
import { QuotePolicySelect } from './quote-policy-select';
import { quoteStrings as t } from './quote-strings';

/** Settings → Quotes: who may quote my new posts unless I choose otherwise when writing one. */
export function QuotePolicySetting() {
  const preferences = usePreferences();
  const save = useSetPreferences();
  const id = useId();
  return (
    <section aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="mb-3 text-base font-bold">
        {t.quotes}
      </h2>
      <div>
        {preferences.data ? (
          <QuotePolicySelect
            id={id}
            value={(save.isPending && save.variables.quotePolicy) || preferences.data.quotePolicy}
            onChange={(quotePolicy) =>
              save.mutate({ quotePolicy }, { onError: (error) => toastError(t.error, error.message) })
            }
          />
        ) : (
          <p className="text-sm text-zinc-600 dark:text-zinc-400">
            {preferences.error?.message ?? 'Loading…'}
          </p>
        )}
      </div>
      <p className="mt-1 text-xs text-zinc-600 dark:text-zinc-400">{t.quotePolicyHint}</p>
    </section>
  );
}
