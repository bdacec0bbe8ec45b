import { Menu } from '@base-ui/react/menu';
import type { Post } from '@sync/contract';
import { Ban, Flag, MoreHorizontal, Repeat2, Volume2, VolumeX } from 'lucide-react';
import { useRef, useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { LinkMenuItems } from '../../../components/ui/link-menu-items';
import { POST_CARD_ATTRIBUTE, postTitle, postUrl } from '../../../entities/posts';
import { useFocusAfterRemoval } from '../../../lib/focus-after-removal';
import { pageHeading } from '../../../lib/page-title';
import { toastError } from '../../../lib/toast';
import { useBlock, useMute, useRelationship, useShowReposts } from '../api/relationships';
import { strings } from '../strings';
import { MuteDialog } from './mute-dialog';
import type { Person } from './person';
import { ReportDialog } from './report-dialog';

const item =
  'flex cursor-default items-center gap-2 rounded-md px-3 py-2 text-sm outline-none select-none data-highlighted:bg-zinc-100 dark:data-highlighted:bg-zinc-800';

/**
 * Where focus goes when a block or a mute takes the post this menu is on off the screen, with the
 * rest of its author's: the next post by someone else, or the page's heading.
 */
function nextPostNotBy(from: HTMLElement | null, username: string): HTMLElement | null {
  const cards = [...document.querySelectorAll<HTMLElement>(`[${POST_CARD_ATTRIBUTE}]`)];
  const current = from?.closest<HTMLElement>(`[${POST_CARD_ATTRIBUTE}]`);
  const after = current ? cards.slice(cards.indexOf(current) + 1) : cards;
  // A card's first link is its author's picture.
  const byOthers = after.find(
    (card) => card.querySelector('a[href^="/profile/"]')?.getAttribute('href') !== `/profile/${username}`,
  );
  return byOthers ?? pageHeading();
}

type Dialog = 'block' | 'mute' | 'report' | null;

type Props = { person: Person; post?: Post; personId?: string; label: string; className: string };

/** Loaded on the first press of the "…" (see SafetyMenuButton), so it opens at once. */
export default function SafetyMenu({ person, post, personId, label, className }: Props) {
  const { username } = person;
  const relationship = useRelationship(username).data;
  const [dialog, setDialog] = useState<Dialog>(null);
  const block = useBlock();
  const mute = useMute();
  const showReposts = useShowReposts();
  const trigger = useRef<HTMLButtonElement>(null);
  const afterRemoval = useFocusAfterRemoval();
  // On a post in a list, a block or a mute takes the post (and this menu) away: focus moves on.
  const armFocus = () => {
    if (post) afterRemoval.arm(() => nextPostNotBy(trigger.current, username));
  };
  const close = (open: boolean) => !open && setDialog(null);

  return (
    <>
      <Menu.Root defaultOpen>
        <Menu.Trigger ref={trigger} aria-label={label} className={className}>
          <MoreHorizontal className="size-5" aria-hidden="true" />
        </Menu.Trigger>
        <Menu.Portal>
          <Menu.Positioner sideOffset={4} align="end" className="z-30 outline-none">
            <Menu.Popup className="min-w-44 rounded-xl border border-zinc-200 bg-white p-1 text-zinc-900 shadow-lg outline-none dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100">
              {post && <LinkMenuItems url={postUrl(post._id)} title={postTitle(post)} className={item} />}
              {relationship?.blocking ? (
                <Menu.Item
                  className={item}
                  onClick={() =>
                    block.mutate(
                      { username, block: false },
                      {
                        onError: (error) => toastError(strings.block.unblockFailed(username), error.message),
                      },
                    )
                  }
                >
                  <Ban className="size-4" aria-hidden="true" /> {strings.menu.unblock(username)}
                </Menu.Item>
              ) : (
                <Menu.Item
                  className={`${item} text-red-700 dark:text-red-400`}
                  onClick={() => setDialog('block')}
                >
                  <Ban className="size-4" aria-hidden="true" /> {strings.menu.block(username)}
                </Menu.Item>
              )}
              {relationship?.muting ? (
                <Menu.Item
                  className={item}
                  onClick={() =>
                    mute.mutate(
                      { username, mute: null },
                      { onError: (error) => toastError(strings.mute.unmuteFailed(username), error.message) },
                    )
                  }
                >
                  <Volume2 className="size-4" aria-hidden="true" /> {strings.menu.unmute(username)}
                </Menu.Item>
              ) : (
                <Menu.Item
                  className={item}
                  onClick={() => {
                    mute.reset();
                    setDialog('mute');
                  }}
                >
                  <VolumeX className="size-4" aria-hidden="true" /> {strings.menu.mute(username)}
                </Menu.Item>
              )}
              {personId && relationship?.following && (
                <Menu.Item
                  className={item}
                  onClick={() =>
                    showReposts.mutate(
                      { userId: personId, show: !relationship.showingReposts },
                      { onError: (error) => toastError(strings.menu.repostsFailed(username), error.message) },
                    )
                  }
                >
                  <Repeat2 className="size-4" aria-hidden="true" />{' '}
                  {relationship.showingReposts
                    ? strings.menu.hideReposts(username)
                    : strings.menu.showReposts(username)}
                </Menu.Item>
              )}
              <Menu.Item
                className={`${item} text-red-700 dark:text-red-400`}
                onClick={() => setDialog('report')}
              >
                <Flag className="size-4" aria-hidden="true" /> {strings.menu.report(username)}
              </Menu.Item>
            </Menu.Popup>
          </Menu.Positioner>
        </Menu.Portal>
      </Menu.Root>
      <ConfirmDialog
        open={dialog === 'block'}
        onOpenChange={close}
        title={strings.block.confirmTitle(username)}
        description={strings.block.confirmText}
        confirmLabel={strings.block.confirm}
        pending={block.isPending}
        finalFocus={trigger}
        onConfirm={() => {
          if (block.isPending) return;
          armFocus();
          block.mutate(
            { username, block: true },
            {
              onSuccess: () => setDialog(null),
              onError: (error) => {
                afterRemoval.disarm();
                toastError(strings.block.failed(username), error.message);
              },
            },
          );
        }}
      />
      <MuteDialog
        person={person}
        finalFocus={trigger}
        open={dialog === 'mute'}
        onOpenChange={close}
        pending={mute.isPending}
        error={mute.error}
        onMute={(choice) => {
          if (mute.isPending) return;
          armFocus();
          mute.mutate(
            { username, mute: choice },
            { onSuccess: () => setDialog(null), onError: () => afterRemoval.disarm() },
          );
        }}
      />
      <ReportDialog
        person={person}
        post={post}
        open={dialog === 'report'}
        onOpenChange={close}
        finalFocus={trigger}
      />
    </>
  );
}
