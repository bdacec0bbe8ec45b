import fs from 'node:fs';
import path from 'node:path';
import { Migrator, type MigrationProvider } from 'kysely';
import { migrations, type Db } from '../../server/src/data/database.js';

/** Where a checkout keeps its migrations: `data/` since the layers (issue 35), `db/` before. */
const migrationFolders = ['server/src/data/migrations', 'server/src/db/migrations'];

const latestOfThisCheckout = Object.keys(migrations).sort().at(-1)!;

/**
 * The last migration of the server in `checkout`, when this checkout has later ones; undefined when
 * both end at the same one. A base's server cannot run on a schema it does not know (migration 027 moved
 * columns), so bench:compare takes the base's copy of the data set down to this migration before
 * starting it (`takeCopyDownTo`). A base with a migration this checkout lacks is refused: the downs that
 * would take a copy to its schema are not here.
 */
export function olderSchemaOf(checkout: string): string | undefined {
  const folder = migrationFolders
    .map((name) => path.join(checkout, name))
    .find((name) => fs.existsSync(name));
  if (!folder)
    throw new Error(`${checkout} has no migrations folder (looked in ${migrationFolders.join(', ')})`);
  const names = fs
    .readdirSync(folder)
    .filter((file) => /^\d{3}_\w+\.ts$/.test(file) && !file.endsWith('.test.ts'))
    .map((file) => file.slice(0, -'.ts'.length))
    .sort();
  const unknown = names.filter((name) => !(name in migrations));
  if (unknown.length > 0)
    throw new Error(
      `${checkout} has migrations this checkout does not know (${unknown.join(', ')}): compare from the newer checkout`,
    );
  const latest = names.at(-1);
  if (!latest) throw new Error(`${folder} holds no migration`);
  return latest === latestOfThisCheckout ? undefined : latest;
}

/**
 * Takes a working copy in this checkout's schema down to the migration `to`, by this checkout's downs
 * of every later one.
 */
export async function takeCopyDownTo(db: Db, to: string): Promise<void> {
  const provider: MigrationProvider = { getMigrations: () => Promise.resolve(migrations) };
  const { error, results } = await new Migrator({ db, provider }).migrateTo(to);
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed)
    throw new Error(`Taking the copy down to ${to} failed at ${failed?.migrationName ?? '?'}`, {
      cause: error,
    });
}
