import { Menu } from '@base-ui/react/menu';
import { Quote, Repeat2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { sharingStrings as t } from './strings';

const item =
  'flex cursor-default items-center gap-2 rounded-md px-3 py-2 text-sm outline-none select-none data-highlighted:bg-zinc-100 dark:data-highlighted:bg-zinc-800';

type Props = {
  label: string;
  className: string;
  reposted: boolean;
  onToggle: () => void;
  onQuote: () => void;
  /** Why the viewer may not quote the post: Quote is then shown disabled, with this reason. */
  quoteDisabledReason: string | undefined;
  children: ReactNode;
};

/** Loaded on the first press of the repost button (see RepostButton), so it opens at once. */
export default function RepostMenu({
  label,
  className,
  reposted,
  onToggle,
  onQuote,
  quoteDisabledReason,
  children,
}: Props) {
  return (
    <Menu.Root defaultOpen>
      <Menu.Trigger aria-label={label} className={className}>
        {children}
      </Menu.Trigger>
      <Menu.Portal>
        <Menu.Positioner sideOffset={4} align="start" className="z-30 outline-none">
          <Menu.Popup className="min-w-40 rounded-xl border border-zinc-200 bg-white p-1 text-zinc-900 shadow-lg outline-none dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100">
            <Menu.Item className={item} onClick={onToggle}>
              <Repeat2 className="size-4" aria-hidden="true" /> {reposted ? t.undoRepost : t.repost}
            </Menu.Item>
            {quoteDisabledReason ? (
              // Offered, not hidden, so the reason is read where one looks for Quote (as Bluesky does).
              <Menu.Item className={`${item} items-start`} disabled>
                <Quote className="mt-0.5 size-4 text-zinc-500 dark:text-zinc-400" aria-hidden="true" />
                <span className="flex max-w-56 flex-col">
                  <span className="text-zinc-600 dark:text-zinc-400">{t.quote}</span>
                  <span className="text-xs text-zinc-600 dark:text-zinc-400">{quoteDisabledReason}</span>
                </span>
              </Menu.Item>
            ) : (
              <Menu.Item className={item} onClick={onQuote}>
                <Quote className="size-4" aria-hidden="true" /> {t.quote}
              </Menu.Item>
            )}
          </Menu.Popup>
        </Menu.Positioner>
      </Menu.Portal>
    </Menu.Root>
  );
}
