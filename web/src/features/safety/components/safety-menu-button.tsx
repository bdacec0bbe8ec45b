import type { Post } from '@sync/contract';
import { MoreHorizontal } from 'lucide-react';
import { Suspense } from 'react';
import { MenuTriggerButton, useMenuOnFirstUse } from '../../../components/ui/button';
import type { Person } from './person';
import { lazyPart, preloadOf } from '../../../lib/lazy';

// The menu and its dialogs pull in Base UI's menu and dialog code: they load on the first press of a
// "…" (and already on its hover or focus), never with the list of posts.
const loadMenu = () => import('./safety-menu');
const SafetyMenu = lazyPart(loadMenu);
const preload = preloadOf(loadMenu);

export const menuButtonClass =
  'rounded-full p-2 text-zinc-500 hover:bg-zinc-100 hover:text-zinc-900 focus-ring dark:text-zinc-400 dark:hover:bg-zinc-800 dark:hover:text-zinc-100';

type Props = {
  person: Person;
  /** The post the menu is on: a report includes it. */
  post?: Post;
  /** On a profile: the person's id, for Hide reposts (when I follow them). */
  personId?: string;
  label: string;
  className?: string;
};

/**
 * The "…" on someone else's post or profile: Block, Mute and Report them. It stays on screen, focused,
 * while the menu's code loads (`useMenuOnFirstUse`).
 */
export function SafetyMenuButton({ person, post, personId, label, className = menuButtonClass }: Props) {
  const menu = useMenuOnFirstUse();
  const button = (
    <MenuTriggerButton
      label={label}
      className={className}
      preload={preload}
      pending={menu.loading}
      onOpen={menu.open}
    >
      <MoreHorizontal className="size-5" aria-hidden="true" />
    </MenuTriggerButton>
  );
  return (
    <Suspense fallback={button}>
      {menu.wanted ? (
        <SafetyMenu person={person} post={post} personId={personId} label={label} className={className} />
      ) : (
        button
      )}
    </Suspense>
  );
}
