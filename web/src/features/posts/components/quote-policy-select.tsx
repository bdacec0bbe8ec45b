import type { QuotePolicy } from '@sync/contract';
import { selectClass } from '../../../components/ui/field';
import { QUOTE_POLICIES } from '../api/sharing';
import { sharingStrings as t } from './strings';

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
