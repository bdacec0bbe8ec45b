import type { TokenService } from '../../platform/auth/tokens.js';
import type { Clock } from '../../clock.js';
import type { EventPublisher } from '../../platform/live/messages.js';
import type { CursorCodec } from '../../platform/http/pagination.js';
import type { ReadContext } from '../../read/hydration/context.js';
import type { Site } from '../../platform/uris/uris.js';
import type { MailDeps } from './mail-deps.js';
import type { MediaDeps } from './media-deps.js';

/** What every use case may need, built once per app (app.ts) and handed to each. */
export interface Deps extends ReadContext {
  clock: Clock;
  tokens: TokenService;
  cursors: CursorCodec;
  /** Live events, published by the commit path (commit.ts) once a write's transaction has committed. */
  events: EventPublisher;
  media: MediaDeps;
  mail: MailDeps;
  /** Where the server is (PUBLIC_URL, LOCAL_DOMAIN): every absolute URI comes from it. */
  site: Site;
}
