import { Menu } from '@base-ui/react/menu';
import type { Post } from '@sync/contract';
import { MoreHorizontal, Pencil, Trash2 } from 'lucide-react';
import { useRef, useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { LinkMenuItems } from '../../../components/ui/link-menu-items';
import { postTitle, postUrl } from '../../../entities/posts';
import { useFocusAfterRemoval } from '../../../lib/focus-after-removal';
import { pageHeading } from '../../../lib/page-title';
import { toastError } from '../../../lib/toast';
import { useDeletePost } from '../api/posts';
import { EditPostDialog } from './edit-post-dialog';

const item =
  'flex cursor-default items-center gap-2 rounded-md px-3 py-2 text-sm outline-none select-none data-highlighted:bg-zinc-100 dark:data-highlighted:bg-zinc-800';

function neighbourOf(element: HTMLElement | null): HTMLElement | null {
  const row = element?.closest('[role="listitem"]');
  const next = row?.nextElementSibling ?? row?.previousElementSibling;
  return next?.querySelector<HTMLElement>('article') ?? pageHeading();
}

export default function PostMenu({ post, onDeleted }: { post: Post; onDeleted?: () => void }) {
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const deletePost = useDeletePost();
  const trigger = useRef<HTMLButtonElement>(null);
  const afterRemoval = useFocusAfterRemoval();

  return (
    <>
      <Menu.Root>
        <Menu.Trigger
          ref={trigger}
          aria-label="Post options"
          className="-mr-2 rounded-full p-2 text-zinc-500 hover:bg-zinc-100 hover:text-zinc-900 focus-ring dark:text-zinc-400 dark:hover:bg-zinc-800 dark:hover:text-zinc-100"
        >
          <MoreHorizontal className="size-5" aria-hidden="true" />
        </Menu.Trigger>
        <Menu.Portal>
          <Menu.Positioner sideOffset={4} align="end" className="z-30 outline-none">
            <Menu.Popup className="min-w-36 rounded-xl border border-zinc-200 bg-white p-1 text-zinc-900 shadow-lg outline-none dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100">
              <LinkMenuItems url={postUrl(post._id)} title={postTitle(post)} className={item} />
              <Menu.Item className={item} onClick={() => setEditing(true)}>
                <Pencil className="size-4" aria-hidden="true" /> Edit
              </Menu.Item>
              <Menu.Item
                className={`${item} text-red-700 dark:text-red-400`}
                onClick={() => setConfirming(true)}
              >
                <Trash2 className="size-4" aria-hidden="true" /> Delete
              </Menu.Item>
            </Menu.Popup>
          </Menu.Positioner>
        </Menu.Portal>
      </Menu.Root>
      <EditPostDialog post={post} open={editing} onOpenChange={setEditing} />
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Delete post?"
        description="This can't be undone. The post and its comments will be removed."
        confirmLabel="Delete"
        pending={deletePost.isPending}
        onConfirm={() => {
          // In a list the card goes with the post: focus moves on to the next post (or the page's heading).
          if (!onDeleted) {
            const neighbour = neighbourOf(trigger.current);
            afterRemoval.arm(() => neighbour);
          }
          deletePost.mutate(post._id, {
            onSuccess: () => {
              setConfirming(false);
              onDeleted?.();
            },
            onError: (error) => {
              afterRemoval.disarm();
              toastError('Error', error.message);
            },
          });
        }}
      />
    </>
  );
}
