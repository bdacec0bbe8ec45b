import type { AnswerCaps } from '../../config.js';
import type { Db, Dialect } from '../../data/database.js';
import type { Hydrator } from './hydrator.js';

/** What the read pipeline needs: the database and the hydrator with its caches (app.ts builds them). */
export interface ReadContext {
  db: Db;
  dialect: Dialect;
  hydrator: Hydrator;
  caps: AnswerCaps;
}
