import SQLite from 'better-sqlite3';
import type { Cell, DatasetSink, TableName, TableWriter } from './sink.js';

const rowsPerTransaction = 50_000;

interface IndexDefinition {
  name: string;
  sql: string;
}

/** better-sqlite3 directly: one prepared INSERT per table, run in large transactions. */
export class SqliteSink implements DatasetSink {
  readonly dialect = 'sqlite' as const;
  private readonly sqlite: SQLite.Database;
  private droppedIndexes: IndexDefinition[] = [];

  constructor(file: string) {
    this.sqlite = new SQLite(file);
  }

  async beginLoad(options: { dropIndexes: boolean }): Promise<void> {
    // Load-only settings: no journal, no fsync, a large page cache. A crash mid-load means generating again.
    this.sqlite.pragma('journal_mode = OFF');
    this.sqlite.pragma('synchronous = OFF');
    this.sqlite.pragma('cache_size = -2000000');
    this.sqlite.pragma('temp_store = MEMORY');
    this.sqlite.pragma('foreign_keys = OFF');
    if (!options.dropIndexes) return;
    this.droppedIndexes = this.sqlite
      .prepare("SELECT name, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL")
      .all() as IndexDefinition[];
    for (const index of this.droppedIndexes) this.sqlite.exec(`DROP INDEX "${index.name}"`);
  }

  table(name: TableName, columns: readonly string[]): TableWriter {
    const placeholders = columns.map(() => '?').join(', ');
    const insert = this.sqlite.prepare(
      `INSERT INTO ${name} (${columns.join(', ')}) VALUES (${placeholders})`,
    );
    const insertAll = this.sqlite.transaction((rows: (readonly Cell[])[]) => {
      for (const row of rows) insert.run(row);
    });
    let buffered: (readonly Cell[])[] = [];
    const flush = () => {
      insertAll(buffered);
      buffered = [];
    };
    return {
      write(row) {
        buffered.push(row);
        if (buffered.length >= rowsPerTransaction) flush();
        return Promise.resolve();
      },
      end() {
        flush();
        return Promise.resolve();
      },
    };
  }

  async finishLoad(): Promise<void> {
    for (const index of this.droppedIndexes) this.sqlite.exec(index.sql);
    // Sampled statistics: a full ANALYZE of millions of rows takes minutes and plans no better.
    this.sqlite.pragma('analysis_limit = 1000');
    this.sqlite.exec('ANALYZE');
    this.sqlite.pragma('journal_mode = WAL');
    this.sqlite.pragma('synchronous = NORMAL');
  }

  async close(): Promise<void> {
    this.sqlite.close();
  }
}
