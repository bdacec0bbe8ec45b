import type { Db, Dialect } from './database.js';
import type { JobState } from './schema.js';
import type { ClaimedJob, JobStore } from '../platform/jobs/queue.js';

/** The table `jobs`: the durable job queue (docs/decisions/121, platform/jobs/queue.ts runs it). */

/**
 * Writes a job due at `at`; call it in the transaction of the change that causes it. A job whose id
 * is taken already is not written again (a step of a walk queues the next one under the id of its
 * place, so a step run twice queues it once).
 */
export async function enqueueJob(
  trx: Db,
  job: { id: string; kind: string; payload: string; at: string },
): Promise<void> {
  await trx
    .insertInto('jobs')
    .values({
      id: job.id,
      kind: job.kind,
      payload: job.payload,
      state: 'queued',
      run_at: job.at,
      created_at: job.at,
    })
    .onConflict((conflict) => conflict.column('id').doNothing())
    .execute();
}

/** Whether some job of this kind is not done: queued, running, or failed. */
export async function hasUnfinishedJob(db: Db, kind: string): Promise<boolean> {
  const found = await db
    .selectFrom('jobs')
    .select('id')
    .where('state', 'in', ['queued', 'running', 'failed'])
    .where('kind', '=', kind)
    .limit(1)
    .executeTakeFirst();
  return found !== undefined;
}

/** The first job due at `now`: queued for then or before, or claimed by a worker whose claim has run out. */
function firstDue(db: Db, now: string) {
  return db
    .selectFrom('jobs')
    .select('id')
    .where((eb) =>
      eb.or([
        eb.and([eb('state', '=', 'queued'), eb('run_at', '<=', now)]),
        eb.and([eb('state', '=', 'running'), eb('claimed_until', '<=', now)]),
      ]),
    )
    .orderBy('run_at')
    .limit(1);
}

/**
 * Claims the first due job, once among every process: on PostgreSQL the row is locked, and a row
 * another worker holds is skipped (`FOR UPDATE SKIP LOCKED`); SQLite has one writer at a time, so its
 * single UPDATE is the claim. A read comes first, so an idle poll writes nothing.
 */
async function claimJob(db: Db, dialect: Dialect, now: string, claimedUntil: string) {
  if (!(await firstDue(db, now).executeTakeFirst())) return undefined;
  const due = dialect === 'postgres' ? firstDue(db, now).forUpdate().skipLocked() : firstDue(db, now);
  return db
    .updateTable('jobs')
    .set((eb) => ({ state: 'running', attempts: eb('attempts', '+', 1), claimed_until: claimedUntil }))
    .where('id', '=', due)
    .returning(['id', 'kind', 'payload', 'attempts'])
    .executeTakeFirst();
}

/** Ends this claim of the job, unless the claim ran out and another worker took it since. */
function endClaim(db: Db, job: ClaimedJob) {
  return db
    .updateTable('jobs')
    .where('id', '=', job.id)
    .where('state', '=', 'running')
    .where('attempts', '=', job.attempts)
    .set({ claimed_until: null });
}

/** The queue's rows for its worker. A done job keeps no payload: a mail's carries a link that opens an account. */
export function jobStore(db: Db, dialect: Dialect): JobStore {
  return {
    claim: (now, claimedUntil) => claimJob(db, dialect, now, claimedUntil),
    async done(job, now) {
      await endClaim(db, job).set({ state: 'done', payload: '{}', finished_at: now }).execute();
    },
    async retry(job, error, runAt) {
      await endClaim(db, job).set({ state: 'queued', run_at: runAt, last_error: error }).execute();
    },
    async fail(job, error, now) {
      await endClaim(db, job).set({ state: 'failed', last_error: error, finished_at: now }).execute();
    },
  };
}

/** Deletes the jobs done before `before`; failed ones stay for someone to look at. */
export async function purgeDoneJobs(db: Db, before: string): Promise<void> {
  await db.deleteFrom('jobs').where('state', '=', 'done').where('finished_at', '<', before).execute();
}

/** How many jobs of each kind are in each state (the command line's `jobs`). */
export async function countJobs(db: Db): Promise<{ kind: string; state: JobState; count: number }[]> {
  const rows = await db
    .selectFrom('jobs')
    .select((eb) => ['kind', 'state', eb.fn.countAll<number | string>().as('count')])
    .groupBy(['kind', 'state'])
    .orderBy('kind')
    .orderBy('state')
    .execute();
  // PostgreSQL counts in bigint, which its driver hands over as text.
  return rows.map((row) => ({ ...row, count: Number(row.count) }));
}
