import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { ArrowUp } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { POST_CARD_ATTRIBUTE, type PostPages } from '../../../entities/posts';
import { focusWhenShown } from '../../../lib/focus-when-shown';
import { showNewPosts, useNewPosts } from '../api/new-posts';

const countText = (count: number) => (count === 1 ? '1 new post' : `${count} new posts`);

/** The post's card, once the list draws it. */
const postCard = (postId: string) =>
  [...document.querySelectorAll<HTMLElement>(`[${POST_CARD_ATTRIBUTE}]`)].find(
    (element) => element.getAttribute(POST_CARD_ATTRIBUTE) === postId,
  );

/**
 * "3 new posts", at the top of the list cached under `queryKey`: the list never takes new posts in on
 * its own while someone reads it; a press puts them at the top, scrolls there and focuses the newest.
 * A polite status announces the count without moving focus. Shown, it takes a row of its own above the
 * list, so at the top of the page it covers no post (it covered the first one's name); further down it
 * floats under the top bar, and the browser's scroll anchoring keeps the posts on screen where they were.
 */
export function NewPostsPill({ queryKey }: { queryKey: QueryKey }) {
  const client = useQueryClient();
  const offer = useNewPosts(queryKey);
  const [showing, setShowing] = useState(false);
  const count = offer.posts.length;
  const text = count > 0 ? countText(count) : 'New posts';
  const visible = count > 0 || offer.missed;

  const show = async () => {
    setShowing(true);
    try {
      await showNewPosts(client, queryKey, offer);
    } finally {
      setShowing(false);
    }
    window.scrollTo({ top: 0 });
    const top = client.getQueryData<PostPages>(queryKey)?.pages[0]?.posts[0];
    if (top) focusWhenShown(() => postCard(top._id), { preventScroll: true });
  };

  return (
    // The row lets clicks through to the posts it floats over; the pill takes them.
    <div className={`pointer-events-none sticky top-20 z-10 flex justify-center ${visible ? 'h-12' : 'h-0'}`}>
      <p role="status" className="sr-only">
        {visible ? text : ''}
      </p>
      {visible && (
        <Button
          size="sm"
          className="pointer-events-auto mt-2 shadow-md"
          aria-label={`Show ${text.toLowerCase()}`}
          pending={showing}
          onClick={() => void show()}
        >
          <ArrowUp className="size-4" aria-hidden="true" />
          {text}
        </Button>
      )}
    </div>
  );
}
