import type { Dialect } from '../../../server/src/data/database.js';

export type Cell = string | number | null;

/** Receives the rows of one table, in the order of the columns it was opened with. */
export interface TableWriter {
  write(row: readonly Cell[]): Promise<void>;
  /** Flushes what is buffered; the table is complete afterwards. */
  end(): Promise<void>;
}

export type TableName =
  | 'accounts'
  | 'users'
  | 'posts'
  | 'post_reactions'
  | 'comments'
  | 'follows'
  | 'bookmarks'
  | 'post_tags'
  | 'mentions'
  | 'notifications'
  | 'notification_actors';

/** A database opened for a bulk load of an empty, migrated schema. */
export interface DatasetSink {
  readonly dialect: Dialect;
  /** Drops the secondary indexes (kept: primary keys and unique constraints) and sets load-only settings. */
  beginLoad(options: { dropIndexes: boolean }): Promise<void>;
  table(name: TableName, columns: readonly string[]): TableWriter;
  /** Re-creates the dropped indexes, restores the normal settings and runs ANALYZE. */
  finishLoad(): Promise<void>;
  close(): Promise<void>;
}
