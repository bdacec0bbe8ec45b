import { parseTextEntities, type TextEntity } from '@sync/contract';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

const linkClass =
  'font-medium text-teal-700 underline-offset-2 hover:underline focus-ring dark:text-teal-400';

function entityLink(entity: TextEntity, key: number): ReactNode {
  switch (entity.type) {
    case 'mention':
      return (
        <Link key={key} to={`/profile/${encodeURIComponent(entity.username)}`} className={linkClass}>
          {entity.text}
        </Link>
      );
    case 'hashtag':
      return (
        <Link key={key} to={`/tag/${encodeURIComponent(entity.tag)}`} className={linkClass}>
          {entity.text}
        </Link>
      );
    case 'link':
      // Someone else's link: a new tab, no referrer or opener, and no endorsement for search engines.
      return (
        <a
          key={key}
          href={entity.url}
          target="_blank"
          rel="noopener noreferrer nofollow ugc"
          className={linkClass}
        >
          {entity.text}
        </a>
      );
  }
}

/**
 * Post or comment text with its mentions, tags and links as links: React elements built from the
 * contract's parser, so the text is never read as HTML. `end` shows only the text before it (never
 * inside an entity: see `foldPoint`). `unresolvedMentions` (the post's or comment's, lower-cased) are
 * @names that mention nobody: they stay text, never a link to whoever has the name now.
 */
export function LinkifiedText({
  text,
  entities = parseTextEntities(text),
  end = text.length,
  unresolvedMentions = [],
}: {
  text: string;
  entities?: TextEntity[];
  end?: number;
  unresolvedMentions?: readonly string[] | undefined;
}) {
  const parts: ReactNode[] = [];
  let from = 0;
  entities.forEach((entity, index) => {
    if (entity.end > end) return;
    if (entity.start > from) parts.push(text.slice(from, entity.start));
    const unresolved =
      entity.type === 'mention' && unresolvedMentions.includes(entity.username.toLowerCase());
    parts.push(unresolved ? entity.text : entityLink(entity, index));
    from = entity.end;
  });
  if (from < end) parts.push(text.slice(from, end));
  return <>{parts}</>;
}
