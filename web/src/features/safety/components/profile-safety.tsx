import { Ban, VolumeX } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { toastError } from '../../../lib/toast';
import { useBlock, useMute, useRelationship } from '../api/relationships';
import { strings } from '../strings';

const text = strings.profile;

/**
 * Whether a block stands between me and someone, either way: their posts are not shown on their
 * profile and there is no Follow (the server would refuse it). While the relationship loads there is
 * none (the server leaves out whatever the viewer may not see in any case).
 */
export function useBlockedEitherWay(username: string, enabled: boolean): boolean {
  const relationship = useRelationship(username, enabled).data;
  return enabled && Boolean(relationship?.blocking || relationship?.blockedBy);
}

const notice =
  'flex flex-col gap-3 border-b border-zinc-200 px-4 py-6 text-center sm:items-center dark:border-zinc-800';

/** On someone's profile: I blocked them (with Unblock), or they blocked me. */
export function BlockNotice({ username }: { username: string }) {
  const relationship = useRelationship(username).data;
  const block = useBlock();
  if (relationship?.blocking) {
    return (
      <section aria-labelledby="block-notice" className={notice}>
        <Ban className="mx-auto size-8 text-zinc-500 dark:text-zinc-400" aria-hidden="true" />
        <h2 id="block-notice" className="text-base font-bold">
          {text.blocking(username)}
        </h2>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{text.blockingText}</p>
        <div>
          <Button
            variant="secondary"
            aria-label={text.unblockLabel(username)}
            pending={block.isPending}
            onClick={() =>
              block.mutate(
                { username, block: false },
                { onError: (error) => toastError(strings.block.unblockFailed(username), error.message) },
              )
            }
          >
            {text.unblock}
          </Button>
        </div>
      </section>
    );
  }
  if (relationship?.blockedBy) {
    return (
      <section className={notice}>
        <p className="text-base font-semibold">{text.blockedBy(username)}</p>
      </section>
    );
  }
  return null;
}

/** Beside a muted person's name: "You muted @x" (until when, if it ends) and Unmute; their posts still show below. */
export function MutedBadge({ username }: { username: string }) {
  const relationship = useRelationship(username).data;
  const mute = useMute();
  if (!relationship?.muting) return null;
  const expires = relationship.muteExpiresAt;
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <span className="inline-flex items-center gap-1 rounded-full bg-zinc-100 px-2 py-0.5 text-xs font-semibold text-zinc-800 dark:bg-zinc-800 dark:text-zinc-200">
        <VolumeX className="size-3.5" aria-hidden="true" />
        {expires ? text.mutedUntil(username, expires) : text.muted(username)}
      </span>
      <Button
        variant="ghost"
        size="sm"
        aria-label={text.unmuteLabel(username)}
        pending={mute.isPending}
        onClick={() =>
          mute.mutate(
            { username, mute: null },
            { onError: (error) => toastError(strings.mute.unmuteFailed(username), error.message) },
          )
        }
      >
        {text.unmute}
      </Button>
    </span>
  );
}
