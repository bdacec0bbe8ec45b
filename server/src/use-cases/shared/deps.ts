import type { TokenService } from '../../platform/auth/tokens.js';
import type { Clock } from '../../clock.js';
import type { AnswerCaps } from '../../config.js';
import type { Db, Dialect } from '../../data/database.js';
import type { EventPublisher } from '../../platform/live/messages.js';
import type { CursorCodec } from '../../platform/http/pagination.js';
import type { Hydrator } from '../../read/hydration/hydrator.js';

/** What every use case may need, built once per app (app.ts) and handed to each. */
export interface Deps {
  db: Db;
  dialect: Dialect;
  clock: Clock;
  tokens: TokenService;
  cursors: CursorCodec;
  hydrator: Hydrator;
  caps: AnswerCaps;
  /** Live events, raised by the write use cases after their transaction commits. */
  events: EventPublisher;
}
