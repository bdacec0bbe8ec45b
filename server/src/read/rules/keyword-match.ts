import type { ActiveFilter } from '../../data/filters.repo.js';
import type { FilterAction, FilterContext } from '../../data/schema.js';

/**
 * Keyword filters matched against what a post or comment says.
 *
 * Matching ignores case (the text and the keywords are compared lower-cased) and is Unicode-aware; a
 * keyword is literal text (".", "*", "(" are themselves), and the spaces of a phrase match any run of
 * spaces or line breaks. A whole-word keyword is not found inside a longer word: "cat" finds "Cat!",
 * "#cat" and "cat's" but not "concatenate" (words are made of letters, their marks, digits and "_").
 * As Mastodon does, a boundary is asked for only on a side where the keyword begins or ends with a
 * letter or digit: "#cat" finds "a#cat" but not "#caturday"; "c#" finds "c#!" and "c#4". A text may
 * spell "é" as one character or as "e" and its accent: a keyword is looked for both ways.
 *
 * It runs on every post and comment of every page a viewer with filters reads, so a viewer's filters
 * are compiled once (`keywordMatcher`), by context, and a text costs about the same whatever the
 * number of keywords: it is lower-cased and cut into words once, and the whole-word keywords made of
 * words (nearly all of them: "spoiler", "election night") are looked up by their first word in a map.
 * The others (a part of a word, "#tag", "c#") are each looked for in the text. Regular expressions are
 * the slow way here: one alternation of a hundred keywords costs some 10 times what this does, and a
 * pattern with Unicode property classes costs half a millisecond to build.
 */

export interface KeywordMatch {
  filterId: string;
  title: string;
  action: FilterAction;
  /** The filter's keywords found in the text, as the person wrote them. */
  keywords: string[];
  /** The filter itself (its contexts and expiry, for Mastodon's FilterResult). */
  filter: ActiveFilter;
}

export interface KeywordMatcher {
  /** The viewer's filters for this context that match the text, in the order the filters were made. */
  matches(text: string, context: FilterContext): KeywordMatch[];
}

// ---- words ----

const asciiWord = new Uint8Array(128);
for (const range of ['az', 'AZ', '09', '__']) {
  for (let code = range.charCodeAt(0); code <= range.charCodeAt(1); code++) asciiWord[code] = 1;
}
const wordCharacter = /^[\p{L}\p{M}\p{N}\p{Pc}]$/u;
/** What the Unicode classes say of the characters beyond ASCII seen so far (bounded: texts repeat them). */
const seenWordCharacters = new Map<number, boolean>();

function isWordCode(code: number): boolean {
  if (code < 128) return asciiWord[code] === 1;
  let word = seenWordCharacters.get(code);
  if (word === undefined) {
    word = wordCharacter.test(String.fromCodePoint(code));
    if (seenWordCharacters.size >= 65_536) seenWordCharacters.clear();
    seenWordCharacters.set(code, word);
  }
  return word;
}

/** Whether the character that ends just before `index` is part of a word. */
function wordBefore(text: string, index: number): boolean {
  if (index === 0) return false;
  const low = text.charCodeAt(index - 1);
  const pair = low >= 0xdc00 && low <= 0xdfff && index >= 2;
  return isWordCode(pair ? text.codePointAt(index - 2)! : low);
}

const wordAt = (text: string, index: number) => index < text.length && isWordCode(text.codePointAt(index)!);

/**
 * A text cut at what is not part of a word: its words at the even places (the first and last may be
 * empty), at the odd ones what parts each from the next. One split by a regular expression is the
 * cheapest way there is (a loop over the characters costs more).
 */
const wordsAndGaps = (text: string): string[] => text.split(/([^\p{L}\p{M}\p{N}\p{Pc}]+)/u);
const isSpace = (gap: string) => /^\s+$/u.test(gap);

const isMadeOfWords = (text: string) => {
  const parts = wordsAndGaps(text);
  return (
    parts[0] !== '' && parts.at(-1) !== '' && parts.every((part, index) => index % 2 === 0 || isSpace(part))
  );
};

// ---- keywords ----

/** A keyword, one of whose spellings (composed or not) is found in a text. */
interface Keyword {
  keyword: string;
}

/** A whole-word keyword made of words: found where its words follow each other, parted by spaces. */
interface WordsSpelling {
  rest: string[];
  keyword: Keyword;
}

/** Any other keyword: found by its plain text, then checked at its boundaries. */
interface ScannedSpelling {
  /** Its longest piece, which the text holds if it holds the keyword. */
  needle: string;
  /** The keyword's pieces parted by any run of white space. */
  pattern: RegExp;
  boundaryBefore: boolean;
  boundaryAfter: boolean;
  keyword: Keyword;
}

/** The characters a pattern requires escaped to be literal. */
const escapeLiteral = (text: string) => text.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&');

function scannedFound(lowered: string, spelling: ScannedSpelling): boolean {
  if (!lowered.includes(spelling.needle)) return false;
  const { pattern } = spelling;
  pattern.lastIndex = 0;
  for (let found = pattern.exec(lowered); found; found = pattern.exec(lowered)) {
    const end = found.index + found[0].length;
    if (
      !(spelling.boundaryBefore && wordBefore(lowered, found.index)) &&
      !(spelling.boundaryAfter && wordAt(lowered, end))
    )
      return true;
    pattern.lastIndex = found.index + 1;
  }
  return false;
}

interface CompiledFilter {
  filter: ActiveFilter;
  keywords: Keyword[];
}

/** Up to this many first words, a text is searched for each before it is cut into words. */
const fewWords = 12;

/** What one context looks for. */
class ContextMatcher {
  readonly filters: CompiledFilter[] = [];
  private readonly byFirstWord = new Map<string, WordsSpelling[]>();
  private readonly scanned: ScannedSpelling[] = [];

  addWords(first: string, spelling: WordsSpelling) {
    const list = this.byFirstWord.get(first);
    if (list) list.push(spelling);
    else this.byFirstWord.set(first, [spelling]);
  }

  /**
   * Whether cutting the text into words may find something: with a few first words, looking for each
   * as plain text is cheaper than the cut, and a text holding none of them (most texts) is done.
   */
  private mayHoldWords(lowered: string): boolean {
    if (this.byFirstWord.size > fewWords) return true;
    for (const first of this.byFirstWord.keys()) if (lowered.includes(first)) return true;
    return false;
  }

  addScanned(spelling: ScannedSpelling) {
    this.scanned.push(spelling);
  }

  /** The keywords found in the text. */
  found(text: string): Set<Keyword> {
    const lowered = text.toLowerCase();
    const found = new Set<Keyword>();
    if (this.byFirstWord.size > 0 && this.mayHoldWords(lowered)) {
      const parts = wordsAndGaps(lowered);
      for (let index = 0; index < parts.length; index += 2) {
        for (const { rest, keyword } of this.byFirstWord.get(parts[index]!) ?? []) {
          const follows = (word: string, offset: number) =>
            parts[index + 2 * offset + 2] === word && isSpace(parts[index + 2 * offset + 1]!);
          if (rest.every(follows)) found.add(keyword);
        }
      }
    }
    for (const spelling of this.scanned) {
      if (!found.has(spelling.keyword) && scannedFound(lowered, spelling)) found.add(spelling.keyword);
    }
    return found;
  }
}

/** Compiles a viewer's active filters once; the matcher is then used for every text they read. */
export function keywordMatcher(filters: readonly ActiveFilter[]): KeywordMatcher {
  const contexts = new Map<FilterContext, ContextMatcher>();
  for (const filter of filters) {
    const keywords: Keyword[] = [];
    const words: [first: string, WordsSpelling][] = [];
    const scanned: ScannedSpelling[] = [];
    for (const { keyword, wholeWord } of filter.keywords) {
      const lowered = keyword.trim().toLowerCase();
      // A keyword of nothing would match every text; the API refuses one, and none is compiled.
      if (lowered === '') continue;
      const entry = { keyword };
      keywords.push(entry);
      for (const spelling of new Set([lowered.normalize('NFC'), lowered.normalize('NFD')])) {
        const pieces = spelling.split(/\s+/u);
        if (wholeWord && isMadeOfWords(spelling)) {
          words.push([pieces[0]!, { rest: pieces.slice(1), keyword: entry }]);
          continue;
        }
        scanned.push({
          needle: pieces.reduce((longest, piece) => (piece.length > longest.length ? piece : longest)),
          pattern: new RegExp(pieces.map(escapeLiteral).join(String.raw`\s+`), 'g'),
          boundaryBefore: wholeWord && wordAt(spelling, 0),
          boundaryAfter: wholeWord && wordBefore(spelling, spelling.length),
          keyword: entry,
        });
      }
    }
    if (keywords.length === 0) continue;
    for (const context of filter.contexts) {
      let matcher = contexts.get(context);
      if (!matcher) contexts.set(context, (matcher = new ContextMatcher()));
      matcher.filters.push({ filter, keywords });
      for (const [first, spelling] of words) matcher.addWords(first, spelling);
      for (const spelling of scanned) matcher.addScanned(spelling);
    }
  }

  return {
    matches(text, context) {
      const matcher = contexts.get(context);
      if (!matcher || text === '') return [];
      const found = matcher.found(text);
      if (found.size === 0) return [];
      return matcher.filters.flatMap(({ filter, keywords }): KeywordMatch[] => {
        const matched = keywords.filter((keyword) => found.has(keyword)).map(({ keyword }) => keyword);
        if (matched.length === 0) return [];
        return [
          { filterId: filter.id, title: filter.title, action: filter.action, keywords: matched, filter },
        ];
      });
    },
  };
}
