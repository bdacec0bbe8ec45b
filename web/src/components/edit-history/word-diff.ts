/** A run of text the two versions share, or that only the newer one has (added), or only the older (removed). */
export type DiffPart = { kind: 'same' | 'added' | 'removed'; text: string };

/** Words and the spaces between them, each a token of its own: "a  b\nc" → a, "  ", b, "\n", c. */
const tokenize = (text: string) => text.match(/\s+|[^\s]+/g) ?? [];

const isSpace = (text: string) => /^\s+$/.test(text);

/**
 * Above this many cells (tokens of one version times those of the other, once the shared start and end
 * are set aside) the changed middle is shown removed and added whole rather than compared word by word:
 * a post is a few hundred words at most, so this only stops a pathological input from freezing the tab.
 */
const MAX_CELLS = 4_000_000;

/**
 * What changed between two versions of a text, word by word: the longest common subsequence of their
 * tokens (words and the runs of space between them, a word outweighing any number of spaces), so a changed word reads as the old one removed and
 * the new one added. Adjacent parts of one kind are merged, and where two changes are split by a single
 * shared space the space goes with them ("big red" → "small blue" is one change, not two), removed text
 * before added. Joining the `same` and `removed` parts gives `before`; `same` and `added`, `after`.
 */
export function wordDiff(before: string, after: string): DiffPart[] {
  const a = tokenize(before);
  const b = tokenize(after);

  // The shared start and end need no table.
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }

  const parts: DiffPart[] = a.slice(0, start).map((text) => ({ kind: 'same', text }));
  const midA = a.slice(start, endA);
  const midB = b.slice(start, endB);
  parts.push(...diffMiddle(midA, midB));
  parts.push(...a.slice(endA).map((text): DiffPart => ({ kind: 'same', text })));
  return merge(absorbLoneSpaces(merge(parts)));
}

/**
 * The middle, by a table of the heaviest common subsequence of every pair of suffixes (words weigh
 * more than the spaces between them).
 */
function diffMiddle(a: string[], b: string[]): DiffPart[] {
  const removed = (text: string): DiffPart => ({ kind: 'removed', text });
  const added = (text: string): DiffPart => ({ kind: 'added', text });
  if (a.length === 0 || b.length === 0 || a.length * b.length > MAX_CELLS) {
    return [...a.map(removed), ...b.map(added)];
  }
  const width = b.length + 1;
  // lcs[i * width + j]: the length of the longest common subsequence of a[i..] and b[j..].
  const lcs = new Uint32Array((a.length + 1) * width);
  const cell = (i: number, j: number) => lcs[i * width + j] ?? 0;
  // A shared word outweighs any number of shared spaces: "one two" → "zero one" keeps "one", not the space.
  const wordWeight = a.length + 1;
  for (let i = a.length - 1; i >= 0; i--) {
    const token = a[i] ?? '';
    const weight = isSpace(token) ? 1 : wordWeight;
    for (let j = b.length - 1; j >= 0; j--) {
      lcs[i * width + j] =
        token === b[j] ? cell(i + 1, j + 1) + weight : Math.max(cell(i + 1, j), cell(i, j + 1));
    }
  }
  const parts: DiffPart[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    const left = a[i];
    const right = b[j];
    if (left !== undefined && left === right) {
      parts.push({ kind: 'same', text: left });
      i++;
      j++;
    } else if (left !== undefined && (right === undefined || cell(i + 1, j) >= cell(i, j + 1))) {
      parts.push(removed(left));
      i++;
    } else if (right !== undefined) {
      parts.push(added(right));
      j++;
    }
  }
  return parts;
}

/** Adjacent parts of one kind as one, and in each run of changes the removed text before the added. */
function merge(parts: DiffPart[]): DiffPart[] {
  const out: DiffPart[] = [];
  let removed = '';
  let added = '';
  const flush = () => {
    if (removed) out.push({ kind: 'removed', text: removed });
    if (added) out.push({ kind: 'added', text: added });
    removed = added = '';
  };
  for (const part of parts) {
    if (part.kind === 'removed') removed += part.text;
    else if (part.kind === 'added') added += part.text;
    else {
      flush();
      const last = out.at(-1);
      if (last?.kind === 'same') last.text += part.text;
      else out.push({ ...part });
    }
  }
  flush();
  return out;
}

/** A shared run of nothing but space between two changes joins them: it is both removed and added. */
function absorbLoneSpaces(parts: DiffPart[]): DiffPart[] {
  return parts.flatMap((part, index): DiffPart[] => {
    const changed = (other: DiffPart | undefined) => other !== undefined && other.kind !== 'same';
    if (
      part.kind === 'same' &&
      isSpace(part.text) &&
      changed(parts[index - 1]) &&
      changed(parts[index + 1])
    ) {
      return [
        { kind: 'removed', text: part.text },
        { kind: 'added', text: part.text },
      ];
    }
    return [part];
  });
}
