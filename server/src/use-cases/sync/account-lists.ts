import type { AccountList, ImportMode, ImportReply } from '@sync/contract';
import type { Deps } from '../shared/deps.js';
import { addBookmark } from '../shared/bookmark-writes.js';
import { writeBlockChange } from '../shared/block-writes.js';
import { pagesOf, type PageLoader } from '../shared/export-pages.js';
import { writeFollow, writeShowReposts } from '../shared/follow-writes.js';
import { writeMute } from '../shared/mute-writes.js';
import { NotAllowed, NotFound } from '../shared/domain-errors.js';
import { syncErrorAnswer } from './error-answers.js';
import * as blocks from '../../data/blocks.repo.js';
import * as bookmarks from '../../data/bookmarks.repo.js';
import * as follows from '../../data/follows.repo.js';
import * as mutes from '../../data/mutes.repo.js';
import { findUserById, findUserByUsername } from '../../data/users.repo.js';
import { CsvError, csvLine, parseCsv } from '../../platform/files/csv.js';
import { HttpError, Messages, notFound } from '../../platform/http/errors.js';
import { localTargetOf, type Uris } from '../../platform/uris/uris.js';

/**
 * `/api/account/export/:list` and `/api/account/import`: follows, blocks, mutes and bookmarks as the CSV
 * files of Mastodon's Settings → Import and export, so people move between Sync and Mastodon. People
 * are `username@host` with this server's host (as WebFinger names them), posts their URL. An import
 * reads the whole file before it changes anything; each row then goes through the same writes as the
 * routes that follow, block, mute and bookmark, with their rules.
 */

/** The most rows an import takes: each is a write of its own, made while the request waits. */
export const importMaxRows = 5000;

/** Mastodon's file names and, where its files have one, their header. */
const files: Record<AccountList, { filename: string; header?: readonly string[] }> = {
  following: {
    filename: 'following_accounts.csv',
    header: ['Account address', 'Show boosts', 'Notify on new posts', 'Languages'],
  },
  blocking: { filename: 'blocked_accounts.csv' },
  muting: { filename: 'muted_accounts.csv', header: ['Account address', 'Hide notifications'] },
  bookmarks: { filename: 'bookmarks.csv' },
};

const address = (username: string, urls: Uris) => `${username}@${urls.localDomain}`;

/** `GET /api/account/export/:list`: the file's name and its CSV text, written page by page. */
export async function exportList(
  deps: Deps,
  input: { viewerId: string; list: AccountList; uris: Uris },
): Promise<{ filename: string; text: AsyncGenerator<string> }> {
  if (!(await findUserById(deps.db, input.viewerId))) throw notFound(Messages.userNotRegistered);
  const { filename, header } = files[input.list];
  return { filename, text: listCsv(deps, input.viewerId, input.list, input.uris, header) };
}

async function* listCsv(
  deps: Deps,
  viewerId: string,
  list: AccountList,
  urls: Uris,
  header: readonly string[] | undefined,
): AsyncGenerator<string> {
  if (header) yield csvLine(header);
  const lines = (rows: string[][]) => rows.map(csvLine).join('');
  if (list === 'following') {
    const loadPage: PageLoader<follows.FollowExportRow> = (db, userId, after, limit) =>
      follows.followsPage(db, userId, 'following', after, limit);
    for await (const rows of pagesOf(deps.db, viewerId, loadPage))
      yield lines(
        rows.map((row) => [address(row.username, urls), String(row.show_reposts === 1), 'false', '']),
      );
  } else if (list === 'blocking') {
    for await (const rows of pagesOf(deps.db, viewerId, blocks.blocksPage))
      yield lines(rows.map((row) => [address(row.username, urls)]));
  } else if (list === 'muting') {
    const now = deps.clock.now().toISOString();
    const loadPage: PageLoader<mutes.MuteExportRow> = (db, userId, after, limit) =>
      mutes.mutesPage(db, userId, now, after, limit);
    for await (const rows of pagesOf(deps.db, viewerId, loadPage))
      yield lines(rows.map((row) => [address(row.username, urls), String(row.notifications)]));
  } else {
    for await (const rows of pagesOf(deps.db, viewerId, bookmarks.bookmarksPage))
      yield lines(rows.map((row) => [urls.post(row.post_id)]));
  }
}

/** One row of a file as read: what it names, and the setting it carries (show boosts, hide notifications). */
interface ImportRow {
  line: number;
  /** The row as a person reads it back: the address or the URL. */
  text: string;
  /** A username of this server, a post's id, or undefined when the row names nothing here. */
  key: string | undefined;
  /** Why `key` is undefined. */
  elsewhere?: string;
  setting: boolean;
}

const unprocessable = (message: string) => new HttpError(422, message);

const notHere = 'on another server: Sync does not connect to other servers yet';

/**
 * The file's rows, or a 422 naming the first line that is not what the list holds. Mastodon's files are
 * taken as Mastodon writes them: with or without their header, with more columns than read here.
 */
function readRows(bytes: Buffer, list: AccountList, urls: Uris): ImportRow[] {
  const text = new TextDecoder('utf-8', { fatal: false }).decode(bytes);
  let table: string[][];
  try {
    table = parseCsv(text);
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    throw unprocessable(`Line ${error.line} of the file is not CSV: ${error.message}. Nothing was imported.`);
  }
  const first = table[0]?.map((cell) => cell.trim().toLowerCase());
  const hasHeader = first?.[0] === 'account address' || first?.[0] === '#uri';
  const header = hasHeader ? first! : undefined;
  const body = hasHeader ? table.slice(1) : table;
  if (body.length === 0)
    throw unprocessable('The file holds no rows. Choose a CSV file exported from Sync or Mastodon.');
  if (body.length > importMaxRows)
    throw new HttpError(
      413,
      `The file has ${body.length.toLocaleString('en')} rows; Sync imports at most ${importMaxRows.toLocaleString('en')} at once. Split it into smaller files.`,
    );
  const settingColumn = list === 'following' ? 'show boosts' : 'hide notifications';
  const settingAt = header ? header.indexOf(settingColumn) : 1;
  const offset = hasHeader ? 2 : 1;
  return body.map((cells, index) => {
    const line = index + offset;
    const value = (cells[0] ?? '').trim();
    const setting = (cells[settingAt] ?? '').trim().toLowerCase() !== 'false';
    return list === 'bookmarks'
      ? postRow(line, value, urls)
      : { ...personRow(line, value, urls, list), setting };
  });
}

/** A person's address: `username`, `@username`, `username@host` or `@username@host`. */
function personRow(line: number, value: string, urls: Uris, list: AccountList): Omit<ImportRow, 'setting'> {
  const match = /^@?([^\s@/:,]+)(?:@([^\s@/,]+))?$/.exec(value);
  if (!match)
    throw unprocessable(
      `Line ${line}: "${value.slice(0, 100)}" is not an account address (username@host). Is this the ${files[list].filename} file? Nothing was imported.`,
    );
  const [, username, domain] = match;
  const local = domain === undefined || urls.isLocal(domain);
  return local
    ? { line, text: value, key: username }
    : { line, text: value, key: undefined, elsewhere: notHere };
}

/** A post's URL; one of another server is counted as not found. */
function postRow(line: number, value: string, urls: Uris): ImportRow {
  if (!/^https?:\/\/\S+$/i.test(value))
    throw unprocessable(
      `Line ${line}: "${value.slice(0, 100)}" is not a post's URL. Is this the bookmarks.csv file? Nothing was imported.`,
    );
  const target = localTargetOf(urls, value);
  if (target?.kind === 'status') return { line, text: value, key: target.id, setting: true };
  return { line, text: value, key: undefined, elsewhere: target ? 'not a post' : notHere, setting: true };
}

/** What a list's import does to one entry (a person's or a post's id). */
interface ListWrites {
  /** The ids on the list now. */
  current(): Promise<Set<string>>;
  /** Adds (or sets again) an entry; throws a 403/404 HttpError when a rule refuses it. */
  add(id: string, setting: boolean): Promise<void>;
  remove(id: string): Promise<void>;
}

function listWrites(deps: Deps, viewerId: string, list: AccountList): ListWrites {
  const idsOf = async <Row>(loadPage: PageLoader<Row>, idOf: (row: Row) => string): Promise<Set<string>> => {
    const ids = new Set<string>();
    for await (const rows of pagesOf(deps.db, viewerId, loadPage)) for (const row of rows) ids.add(idOf(row));
    return ids;
  };
  switch (list) {
    case 'following':
      return {
        current: async () => new Set(await follows.followeeIds(deps.db, viewerId)),
        add: async (id, showReposts) => {
          await writeFollow(deps, viewerId, id, 'follow');
          await writeShowReposts(deps, viewerId, id, showReposts);
        },
        remove: async (id) => void (await writeFollow(deps, viewerId, id, 'unfollow')),
      };
    case 'blocking':
      return {
        current: () => idsOf(blocks.blocksPage, (row) => row.blocked_id),
        add: async (id) => void (await writeBlockChange(deps, viewerId, id, true)),
        remove: async (id) => void (await writeBlockChange(deps, viewerId, id, false)),
      };
    case 'muting': {
      const now = deps.clock.now().toISOString();
      return {
        current: async () =>
          new Set((await mutes.activeMutes(deps.db, viewerId, now)).map((row) => row.muted_id)),
        add: (id, notifications) => writeMute(deps, viewerId, id, { notifications, durationSeconds: null }),
        remove: (id) => writeMute(deps, viewerId, id, undefined),
      };
    }
    case 'bookmarks':
      return {
        current: () => idsOf(bookmarks.bookmarksPage, (row) => row.post_id),
        add: async (id) => void (await addBookmark(deps, viewerId, id)),
        remove: async (id) => void (await bookmarks.deleteBookmark(deps.db, viewerId, id)),
      };
  }
}

/** Skipped rows are listed up to this many; all are counted. */
const skippedListed = 100;

/**
 * `POST /api/account/import`: the file's rows applied to the list (`merge`), or the list made the
 * file's rows (`overwrite`). A file that cannot be read changes nothing; a row naming nobody here, or
 * refused by a rule, is counted and named back.
 */
export async function importList(
  deps: Deps,
  input: { viewerId: string; list: AccountList; mode: ImportMode; bytes: Buffer; uris: Uris },
): Promise<ImportReply> {
  const { viewerId, list, mode } = input;
  const rows = readRows(input.bytes, list, input.uris);
  const writes = listWrites(deps, viewerId, list);
  const current = await writes.current();
  const reply: ImportReply = {
    type: list,
    mode,
    rows: rows.length,
    added: 0,
    kept: 0,
    removed: 0,
    notFound: { count: 0, rows: [] },
    refused: { count: 0, rows: [] },
  };
  const skip = (into: ImportReply['notFound'], row: ImportRow, reason: string) => {
    into.count += 1;
    if (into.rows.length < skippedListed) into.rows.push({ row: row.text, reason });
  };
  const listed = new Set<string>();
  for (const row of rows) {
    const id = await idOf(deps, list, row.key);
    if (!id) {
      skip(
        reply.notFound,
        row,
        row.elsewhere ?? (list === 'bookmarks' ? 'no such post here' : 'nobody here has this username'),
      );
      continue;
    }
    if (id === viewerId) {
      skip(reply.refused, row, 'this is your own account');
      continue;
    }
    if (listed.has(id)) continue;
    // On the list, it stays there in an overwrite even when a rule refuses setting it again.
    listed.add(id);
    try {
      await writes.add(id, row.setting);
    } catch (error) {
      if (!(error instanceof NotFound || error instanceof NotAllowed)) throw error;
      skip(error instanceof NotFound ? reply.notFound : reply.refused, row, syncErrorAnswer(error).message);
      continue;
    }
    if (current.has(id)) reply.kept += 1;
    else reply.added += 1;
  }
  if (mode === 'overwrite') {
    for (const id of current) {
      if (listed.has(id)) continue;
      await writes.remove(id);
      reply.removed += 1;
    }
  }
  return reply;
}

/** The id of the person (by username) or post a row names, if there is one here. */
async function idOf(deps: Deps, list: AccountList, key: string | undefined): Promise<string | undefined> {
  if (key === undefined) return undefined;
  if (list === 'bookmarks') return key;
  const user = await findUserByUsername(deps.db, key);
  return user && !user.pending_since ? user.id : undefined;
}
