import { parseTextEntities, type TextEntity } from '@sync/contract';
import { useId, useState } from 'react';
import { foldOver } from './fold-over';
import { LinkifiedText } from './linkified-text';

/** How much of a folded text shows: enough to know what it is about, well short of `foldOver`. */
const foldTo = 400;
/** A link counts as at most this many characters, as Mastodon counts links: its address is not read. */
const linkWeight = 23;
/** How far back from `foldTo` a space is looked for, so that the fold falls between words. */
const wordReach = 40;

/** Characters (code points), not UTF-16 units: an emoji is one. */
const length = (text: string) => [...text].length;

/**
 * Where a long text is folded (an index into it), or undefined when it shows whole. Plain text counts
 * its characters, a link at most `linkWeight`. The fold never falls inside a link, a mention or a tag (it
 * moves before it) nor inside a character, and it falls between words when one ends shortly before.
 */
export function foldPoint(text: string, entities: readonly TextEntity[]): number | undefined {
  let total = 0;
  let at = 0;
  let fold: number | undefined;
  const plain = (end: number) => {
    for (const char of text.slice(at, end)) {
      if (fold === undefined && total === foldTo) fold = at;
      total += 1;
      at += char.length;
    }
  };
  for (const entity of entities) {
    plain(entity.start);
    const counted = entity.type === 'link' ? Math.min(linkWeight, length(entity.text)) : length(entity.text);
    if (fold === undefined && total + counted > foldTo) fold = entity.start;
    total += counted;
    at = entity.end;
  }
  plain(text.length);
  if (total <= foldOver || fold === undefined) return undefined;
  // Entities hold no spaces, so a space is always between them.
  const space = text.slice(0, fold).search(/\s\S*$/);
  if (space >= 0 && space > fold - wordReach) fold = space;
  return text.slice(0, fold).trimEnd().length;
}

/**
 * A post's text in a list: a long one shows its beginning and a "Show more" button (a disclosure:
 * `aria-expanded`, the text it controls named), which shows the rest in place, and "Show less" after.
 * The button is a button, so a card that opens on a click does not open for it.
 */
export default function FoldedText({
  text,
  className,
  unresolvedMentions,
}: {
  text: string;
  className: string;
  /** The @names that mention nobody: text, not links (LinkifiedText). */
  unresolvedMentions?: readonly string[] | undefined;
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const entities = parseTextEntities(text);
  const fold = foldPoint(text, entities);
  return (
    <>
      <p id={id} className={className}>
        <LinkifiedText
          text={text}
          entities={entities}
          end={open ? undefined : fold}
          unresolvedMentions={unresolvedMentions}
        />
        {fold !== undefined && !open && '…'}
      </p>
      {fold !== undefined && (
        <button
          type="button"
          aria-expanded={open}
          aria-controls={id}
          onClick={(event) => {
            setOpen(!open);
            // Folding back a long text leaves the button far below: it is brought back into view.
            const button = event.currentTarget;
            if (open) requestAnimationFrame(() => button.scrollIntoView({ block: 'nearest' }));
          }}
          className="mt-1 rounded py-0.5 text-sm font-medium text-teal-700 hover:underline focus-ring dark:text-teal-400"
        >
          {open ? 'Show less' : 'Show more'}
        </button>
      )}
    </>
  );
}
