import { Bookmark } from 'lucide-react';

/** The Bookmarks page with none: the spec's words, then how a post gets here. */
export function NoBookmarks() {
  return (
    <>
      No bookmarks yet
      <span className="mt-2 block">
        To keep a post here, press the bookmark button{' '}
        <Bookmark className="inline size-4 align-text-bottom" aria-hidden="true" /> under it, or the b key.
      </span>
    </>
  );
}
