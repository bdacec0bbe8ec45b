import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * One owner per table: every table, counters included, is written by exactly one repository
 * (`data/<name>.repo.ts`), and by nothing else. A use case that changes two tables calls both owners in
 * its transaction; a repository that must move another table's counter asks the use case to call that
 * table's owner.
 *
 * The check reads the sources, not the database: every file under server/src but the tests, the
 * migrations and the demo seed, and in each the writes it can see: Kysely's `insertInto`, `updateTable`,
 * `deleteFrom`, `replaceInto` and `mergeInto`, and `insert`, `update`, `delete`, `replace` and `merge`
 * statements in `sql` templates and in `*.raw(…)` strings. What the database writes by itself is not
 * a writer: SQLite's `posts_fts` is kept by triggers and PostgreSQL's `posts.search_vector` is a
 * generated column (migration 005), and `ON DELETE CASCADE` removes the rows under a deleted post,
 * comment or user.
 */

const serverSrc = path.resolve(import.meta.dirname, '..');

interface Write {
  /** The table written, or undefined when the source does not name it (a variable, an interpolation). */
  table: string | undefined;
  /** Path below server/src. */
  file: string;
  line: number;
  /** The call or statement, for the message. */
  how: string;
}

const kyselyWrites = new Set(['insertInto', 'updateTable', 'deleteFrom', 'replaceInto', 'mergeInto']);

/** Stands for an interpolation (`${…}`) in the text of a `sql` template. */
const hole = '\u0000';
const name = `(${hole}|"?[a-z_][a-z0-9_$]*"?(?:\\."?[a-z_][a-z0-9_$]*"?)?)`;
/** SQL statements that write a table, on the lower-cased text of a template (the table is group 1). */
const sqlWrites: RegExp[] = [
  new RegExp(`\\binsert\\s+(?:or\\s+[a-z]+\\s+)?into\\s+${name}`, 'g'),
  new RegExp(`\\breplace\\s+into\\s+${name}`, 'g'),
  // Not `for update`, `for no key update`, `on conflict … do update set`, `on update cascade`.
  new RegExp(`(?<!\\b(?:for|key|do|on)\\s+)\\bupdate\\s+(?:or\\s+[a-z]+\\s+)?(?:only\\s+)?${name}`, 'g'),
  new RegExp(`\\bdelete\\s+from\\s+(?:only\\s+)?${name}`, 'g'),
  new RegExp(`\\bmerge\\s+into\\s+(?:only\\s+)?${name}`, 'g'),
];

/** `"public"."posts" as p` → posts; a name that is an interpolation → undefined. */
function tableName(written: string): string | undefined {
  const [table] = written.trim().split(/\s+as\s+|\s+/i);
  if (!table || table.includes(hole)) return undefined;
  return table.split('.').at(-1)!.replaceAll('"', '').toLowerCase();
}

/** The SQL text of a template or string, an interpolation standing as `hole`, comments dropped. */
function sqlText(node: ts.Node): string | undefined {
  let text: string;
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) text = node.text;
  else if (ts.isTemplateExpression(node))
    text = node.head.text + node.templateSpans.map((span) => hole + span.literal.text).join('');
  else return undefined;
  return text
    .replace(/--[^\n]*/g, ' ')
    .replace(/\/\*[\s\S]*?\*\//g, ' ')
    .toLowerCase();
}

/** Every table write the source shows, by the rules of the comment above. */
function writesIn(source: string, file: string): Write[] {
  const kind = /\.[cm]?js$/.test(file) ? ts.ScriptKind.JS : ts.ScriptKind.TS;
  const parsed = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, kind);
  const writes: Write[] = [];
  const lineOf = (node: ts.Node) => parsed.getLineAndCharacterOfPosition(node.getStart(parsed)).line + 1;
  const add = (node: ts.Node, table: string | undefined, how: string, linesIn = 0) =>
    writes.push({ table, file, line: lineOf(node) + linesIn, how });
  const scanSql = (node: ts.Node, text: string) => {
    for (const pattern of sqlWrites) {
      for (const match of text.matchAll(pattern)) {
        const linesBefore = text.slice(0, match.index).split('\n').length - 1;
        add(node, tableName(match[1]!), match[0].replace(/\s+/g, ' ').replaceAll(hole, '${…}'), linesBefore);
      }
    }
  };

  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      const method = node.expression.name.text;
      const [first] = node.arguments;
      if (kyselyWrites.has(method)) {
        const named =
          first && ts.isArrayLiteralExpression(first) ? [...first.elements] : first ? [first] : [];
        const at = node.expression.name;
        if (named.length === 0) add(at, undefined, `${method}()`);
        for (const argument of named) {
          const literal =
            ts.isStringLiteral(argument) || ts.isNoSubstitutionTemplateLiteral(argument)
              ? argument.text
              : undefined;
          add(
            at,
            literal === undefined ? undefined : tableName(literal),
            `${method}(${argument.getText(parsed)})`,
          );
        }
      } else if (method === 'raw' && first) {
        const text = sqlText(first);
        if (text !== undefined) scanSql(first, text);
      }
    } else if (ts.isTaggedTemplateExpression(node) && ts.isIdentifier(node.tag) && node.tag.text === 'sql') {
      scanSql(node, sqlText(node.template)!);
    } else if (
      (ts.isIdentifier(node) || ts.isStringLiteral(node)) &&
      kyselyWrites.has(node.text) &&
      !(
        ts.isPropertyAccessExpression(node.parent) &&
        node.parent.name === node &&
        ts.isCallExpression(node.parent.parent) &&
        node.parent.parent.expression === node.parent
      )
    ) {
      // `db['insertInto']`, `const { deleteFrom } = db`, `.insertInto.bind(…)`: a write it cannot read.
      add(node, undefined, node.getText(parsed));
    }
    ts.forEachChild(node, visit);
  };
  visit(parsed);
  return writes;
}

const isTest = (relative: string) => /\.test\.ts$/.test(relative) || relative.split('/')[0] === 'test';
const isRepository = (relative: string) => /^data\/[^/]+\.repo\.ts$/.test(relative);
const isSkipped = (relative: string) =>
  isTest(relative) || relative.startsWith('data/migrations/') || relative.startsWith('data/seed/');

function sourceFiles(): string[] {
  return fs
    .readdirSync(serverSrc, { recursive: true, encoding: 'utf8' })
    .map((relative) => relative.split(path.sep).join('/'))
    .filter((relative) => /\.(ts|mts|cts|js|mjs|cjs)$/.test(relative) && !relative.endsWith('.d.ts'))
    .filter((relative) => !relative.split('/').includes('node_modules') && !isSkipped(relative))
    .sort();
}

/** The tables of data/schema.ts's `Database` interface. */
function schemaTables(): string[] {
  const file = path.join(serverSrc, 'data/schema.ts');
  const parsed = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const database = parsed.statements.find(
    (statement): statement is ts.InterfaceDeclaration =>
      ts.isInterfaceDeclaration(statement) && statement.name.text === 'Database',
  );
  return (database?.members ?? []).flatMap((member) =>
    ts.isPropertySignature(member) ? [member.name.getText(parsed).replace(/^['"]|['"]$/g, '')] : [],
  );
}

/** What is wrong with these writes: one message per table or write, naming every file. */
function ownershipProblems(writes: readonly Write[], tables: readonly string[]): string[] {
  const problems: string[] = [];
  const known = new Set(tables);
  const byTable = new Map<string, Write[]>();
  for (const write of writes) {
    const where = `${write.file}:${write.line} (${write.how})`;
    if (write.table === undefined) {
      problems.push(
        `${where} writes a table this check cannot name: write the table's name in the call or the SQL.`,
      );
    } else if (!known.has(write.table)) {
      problems.push(`${where} writes "${write.table}", which is not a table of data/schema.ts's Database.`);
    } else {
      byTable.set(write.table, [...(byTable.get(write.table) ?? []), write]);
    }
  }
  for (const [table, tableWrites] of [...byTable].sort(([a], [b]) => a.localeCompare(b))) {
    const files = [...new Set(tableWrites.map((write) => write.file))];
    const outsiders = files.filter((file) => !isRepository(file));
    if (files.length === 1 && outsiders.length === 0) continue;
    const listed = files
      .map((file) => {
        const lines = [
          ...new Set(tableWrites.filter((write) => write.file === file).map((write) => write.line)),
        ];
        return `${file} (line${lines.length > 1 ? 's' : ''} ${lines.join(', ')})${isRepository(file) ? '' : ' [not a repository]'}`;
      })
      .join(', ');
    problems.push(
      `Table "${table}" is written by ${files.length} file${files.length > 1 ? 's' : ''}: ${listed}. ` +
        'Each table has one writer, its repository (data/<name>.repo.ts): move the write there, and let the use case call both repositories in its transaction.',
    );
  }
  return problems;
}

/** Which file writes each table, for the tables that are written at all. */
function owners(writes: readonly Write[]): Map<string, string[]> {
  const result = new Map<string, string[]>();
  for (const write of writes) {
    if (write.table === undefined) continue;
    const files = result.get(write.table) ?? [];
    if (!files.includes(write.file)) files.push(write.file);
    result.set(write.table, files);
  }
  return result;
}

describe('one owner per table', () => {
  const files = sourceFiles();
  const writes = files.flatMap((file) => writesIn(fs.readFileSync(path.join(serverSrc, file), 'utf8'), file));
  const tables = schemaTables();

  it('finds the sources, the schema and their writes (a reader that finds nothing checks nothing)', () => {
    expect(files).toContain('data/posts.repo.ts');
    expect(files).toContain('use-cases/sync/account.ts');
    expect(tables).toContain('posts');
    expect(writes.length).toBeGreaterThan(0);
    expect(owners(writes).size).toBeGreaterThan(0);
  });

  it('is written by one repository, and by nothing else', () => {
    const problems = ownershipProblems(writes, tables);
    expect(problems, problems.join('\n')).toEqual([]);
  });

  it("gives every table of data/schema.ts's Database that is written exactly one owner, a repository", () => {
    const written = owners(writes);
    const wrong = tables
      .filter((table) => written.has(table))
      .filter((table) => written.get(table)!.length !== 1 || !isRepository(written.get(table)![0]!))
      .map((table) => `${table}: ${written.get(table)!.join(', ')}`);
    expect(wrong, `tables with other than one repository writing them:\n${wrong.join('\n')}`).toEqual([]);
  });

  describe('reads every form of write', () => {
    const tablesIn = (source: string) =>
      writesIn(source, 'data/example.repo.ts').map((write) => write.table ?? '?');

    it('Kysely calls, however they are spelt', () => {
      expect(
        tablesIn(`
          await trx.insertInto('a').values(row).execute();
          await db
            .updateTable("b as x")
            .set({ n: 1 });
          db.deleteFrom(\`c\`);
          db.replaceInto('d');
          db.mergeInto('public.e as target');
          db.deleteFrom(['f', 'g']);
          db.insertInto(table);
          db['updateTable']('h');
        `),
      ).toEqual(['a', 'b', 'c', 'd', 'e', 'f', 'g', '?', '?']);
    });

    it('statements in sql templates and raw strings, in any case', () => {
      expect(
        tablesIn(`
          await sql\`INSERT INTO a (x) values (1)\`.execute(db);
          await sql<{ id: string }>\`insert or replace into "b" (x) values (\${x})\`.execute(db);
          await sql\`update c set x = 1 where id in (select id from d for update)\`.execute(db);
          await sql\`Update Only e as t set x = \${sql\`delete from f\`}\`.execute(db);
          await sql\`with gone as (delete from g returning id) select 1\`.execute(db);
          sql.raw('update h set x = 1');
          await sql\`update \${sql.ref(table)} set x = 1\`.execute(db);
          await sql\`merge into i using j on true\`.execute(db);
          await sql\`replace into k values (1)\`.execute(db);
        `),
      ).toEqual(['a', 'b', 'b', 'c', 'e', 'f', 'g', 'h', '?', 'i', 'k']);
    });

    it('not reads, locks, upserts, comments or plain strings', () => {
      expect(
        tablesIn(`
          // trx.insertInto('a') in a comment, and: update b set x = 1
          /* delete from c */
          await db.selectFrom('d').forUpdate().execute();
          await sql\`select id from e for no key update\`.execute(db);
          await sql\`insert into f (x) values (1) on conflict (x) do update set x = 2\`.execute(db);
          const message = 'Could not update your profile: delete from g';
          await sql\`select 'x' -- update h set x = 1
            from i\`.execute(db);
        `),
      ).toEqual(['f']);
    });

    it('names every file that writes a shared table, and a writer outside the repositories', () => {
      const problems = ownershipProblems(
        [
          ...writesIn(`trx.updateTable('posts')`, 'data/posts.repo.ts'),
          ...writesIn(`trx.updateTable('posts')`, 'data/comments.repo.ts'),
          ...writesIn(`sql\`delete from users\``, 'use-cases/account.ts'),
          ...writesIn(`db.insertInto('nowhere')`, 'data/users.repo.ts'),
        ],
        ['posts', 'users'],
      );
      expect(problems).toEqual([
        expect.stringMatching(/^data\/users\.repo\.ts:1 .* "nowhere", which is not a table/),
        expect.stringMatching(
          /^Table "posts" is written by 2 files: data\/posts\.repo\.ts \(line 1\), data\/comments\.repo\.ts \(line 1\)\./,
        ),
        expect.stringMatching(
          /^Table "users" is written by 1 file: use-cases\/account\.ts \(line 1\) \[not a repository\]\./,
        ),
      ]);
    });
  });
});
