import { once } from 'node:events';
import { finished } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { Cell, DatasetSink, TableName, TableWriter } from './sink.js';

const rowsPerChunk = 2_000;

interface IndexDefinition {
  indexname: string;
  indexdef: string;
}

/** COPY ... FROM STDIN in text format, one table after the other on one connection. */
export class PostgresSink implements DatasetSink {
  readonly dialect = 'postgres' as const;
  private readonly client: pg.Client;
  private droppedIndexes: IndexDefinition[] = [];

  constructor(databaseUrl: string) {
    this.client = new pg.Client({ connectionString: databaseUrl });
  }

  async beginLoad(options: { dropIndexes: boolean }): Promise<void> {
    await this.client.connect();
    // The generator guarantees referential integrity; replica mode skips the per-row foreign-key triggers.
    await this.client.query("SET session_replication_role = 'replica'");
    await this.client.query('SET synchronous_commit = off');
    await this.client.query("SET maintenance_work_mem = '1GB'");
    if (!options.dropIndexes) return;
    const { rows } = await this.client.query<IndexDefinition>(
      `SELECT indexname, indexdef FROM pg_indexes
       WHERE schemaname = 'public'
         AND indexname NOT IN (SELECT conname FROM pg_constraint)`,
    );
    this.droppedIndexes = rows;
    for (const index of rows) await this.client.query(`DROP INDEX "${index.indexname}"`);
  }

  table(name: TableName, columns: readonly string[]): TableWriter {
    const stream = this.client.query(copyFrom(`COPY ${name} (${columns.join(', ')}) FROM STDIN`));
    let chunk = '';
    let chunkRows = 0;
    const flush = async () => {
      if (chunkRows === 0) return;
      const accepted = stream.write(chunk);
      chunk = '';
      chunkRows = 0;
      if (!accepted) await once(stream, 'drain');
    };
    return {
      async write(row) {
        chunk += row.map(copyText).join('\t') + '\n';
        chunkRows++;
        if (chunkRows >= rowsPerChunk) await flush();
      },
      async end() {
        await flush();
        stream.end();
        await finished(stream);
      },
    };
  }

  async finishLoad(): Promise<void> {
    for (const index of this.droppedIndexes) await this.client.query(index.indexdef);
    // VACUUM as well: rows written by COPY are not yet marked all-visible, so PostgreSQL would cost
    // every index-only scan as a heap scan and read all 40,000 followers of a famous user through a
    // bitmap to keep the first 100 (65 ms instead of 0.3 ms). A live database has been through
    // autovacuum, which marks them; the data set should look like one.
    await this.client.query('VACUUM (ANALYZE)');
  }

  async close(): Promise<void> {
    await this.client.end();
  }
}

/** COPY's text format: backslash, tab and line breaks are escaped; \N is NULL. */
function copyText(cell: Cell): string {
  if (cell === null) return '\\N';
  if (typeof cell === 'number') return String(cell);
  return /[\\\t\n\r]/.test(cell)
    ? cell.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n').replace(/\r/g, '\\r')
    : cell;
}
