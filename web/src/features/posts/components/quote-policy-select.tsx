import type { QuotePolicy } from '@sync/contract';
import { selectClass } from '../../../components/ui/field';
import { useId } from 'react';
import { QUOTE_POLICIES, usePreferences } from '../api/quotes';
import { quoteStrings as t } from './quote-strings';

/** "Who can quote": a compact drop-down under a post being written, and Settings' default. */
export function QuotePolicySelect({
  value,
  onChange,
  id,
}: {
  value: QuotePolicy;
  onChange: (policy: QuotePolicy) => void;
  id: string;
}) {
  return (
    <span className="inline-flex items-center gap-2 text-sm">
      <label htmlFor={id} className="text-zinc-700 dark:text-zinc-300">
        {t.quotePolicy}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => {
          const policy = QUOTE_POLICIES.find((option) => option.value === event.target.value);
          if (policy) onChange(policy.value);
        }}
        className={`${selectClass} w-auto py-1`}
      >
        {QUOTE_POLICIES.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </span>
  );
}

/**
 * Who may quote a post being written: `chosen`, or until then the person's default from Settings. Loaded
 * when writing starts, not with the first screen.
 */
export default function QuotePolicyChoice({
  chosen,
  onChoose,
}: {
  chosen: QuotePolicy | null;
  onChoose: (policy: QuotePolicy) => void;
}) {
  const preference = usePreferences().data?.quotePolicy;
  const id = useId();
  return <QuotePolicySelect id={id} value={chosen ?? preference ?? 'anyone'} onChange={onChoose} />;
}
