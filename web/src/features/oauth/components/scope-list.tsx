import { Check } from 'lucide-react';
import { scopeDescriptions } from './strings';

/** What the scopes let an app do, one line each, in plain words. */
export function ScopeList({ scopes }: { scopes: readonly string[] }) {
  return (
    <ul className="flex flex-col gap-1.5">
      {scopeDescriptions(scopes).map((words) => (
        <li key={words} className="flex items-start gap-2">
          <Check className="mt-0.5 size-4 shrink-0 text-teal-700 dark:text-teal-400" aria-hidden="true" />
          <span>{words}</span>
        </li>
      ))}
    </ul>
  );
}
