import { Menu } from '@base-ui/react/menu';
import { Link2, Share } from 'lucide-react';
import { toastError, toastSuccess } from '../../lib/toast';

/** What Copy link and Share say (loaded with the menus they are in, off the first screen). */
export const linkStrings = {
  copyLink: 'Copy link',
  copied: 'Link copied',
  copyFailed: "Couldn't copy the link",
  copyFailedText: (url: string) => `Your browser refused. The link is ${url}`,
  share: 'Share…',
  shareFailed: "Couldn't share",
};

function copyLink(url: string) {
  navigator.clipboard.writeText(url).then(
    () => toastSuccess(linkStrings.copied),
    () => toastError(linkStrings.copyFailed, linkStrings.copyFailedText(url)),
  );
}

function share(url: string, title: string) {
  navigator.share({ url, title }).catch((error: unknown) => {
    // Closing the browser's share sheet is a choice, not a failure.
    if (error instanceof DOMException && error.name === 'AbortError') return;
    toastError(linkStrings.shareFailed, error instanceof Error ? error.message : undefined);
  });
}

/**
 * A menu's Copy link (the absolute `url`, confirmed by a toast) and, where the browser offers the Web
 * Share API, Share (its share sheet: other apps, nearby devices).
 */
export function LinkMenuItems({ url, title, className }: { url: string; title: string; className: string }) {
  const canShare = typeof navigator.share === 'function';
  return (
    <>
      <Menu.Item className={className} onClick={() => copyLink(url)}>
        <Link2 className="size-4" aria-hidden="true" /> {linkStrings.copyLink}
      </Menu.Item>
      {canShare && (
        <Menu.Item className={className} onClick={() => share(url, title)}>
          <Share className="size-4" aria-hidden="true" /> {linkStrings.share}
        </Menu.Item>
      )}
    </>
  );
}
