import os from 'node:os';
import path from 'node:path';
import proxyAddr from '@fastify/proxy-addr';
import serverPackage from '../package.json' with { type: 'json' };

/** The server's version, as the Mastodon API and NodeInfo name it to apps and other servers. */
export const serverVersion: string = serverPackage.version;

export interface RateLimitConfig {
  enabled: boolean;
  /** Requests allowed per window: login per IP and per username, signup per IP, writes per user, reads per IP. */
  login: number;
  signup: number;
  writes: number;
  reads: number;
  /** Images uploaded per account per 30 minutes. */
  uploads: number;
  /** Lists imported (Mastodon's CSV files, up to 5,000 rows each) per account per hour. */
  imports: number;
  /** Emails asked for (password resets, confirmations) per address per hour; four times as many per IP. */
  email: number;
  redisUrl: string | undefined;
  /** A Redis command that takes longer is given up and the request let through (limits fail open). */
  redisCommandTimeoutMs: number;
}

/**
 * Bounds on the spec's unpaginated answers, so no answer grows with the site. Counts stay exact;
 * the signed-in user's own entries are always listed (see views/).
 */
export interface AnswerCaps {
  /** Posts in an unpaginated list of posts (the newest; most recently bookmarked for bookmarks). */
  posts: number;
  /** Users in an unpaginated list of users (the newest sign-ups). */
  users: number;
  /**
   * Entries of a list inside the one post or user an answer is about: likers, dislikers, comments,
   * followers, following.
   */
  entries: number;
  /**
   * Entries of a list inside an item of a list: a comment's voters (comments are always listed), a
   * listed post's likers, dislikers and comments, a listed user's followers and following. Lists nest,
   * so this is small: 100 posts × 100 comments × 200 voters would otherwise be one answer.
   */
  nested: number;
  /** The people the signed-in user follows, in their own user object (a client checks it for Follow/UnFollow). */
  ownFollowing: number;
}

/** What a client may hold: how long it may take to send a request, how many connections it may keep open. */
export interface ConnectionLimits {
  headersTimeoutMs: number;
  /** Headers and body together. */
  requestTimeoutMs: number;
  keepAliveTimeoutMs: number;
  /** How long the rest of a body answered early is read while the client pauses (nginx's lingering_timeout). */
  lingeringTimeoutMs: number;
  /** 0: no cap (here and per IP). */
  maxConnections: number;
  /** Connections from a trusted proxy are never capped per address (they carry many clients). */
  maxConnectionsPerIp: number;
  /** Requests are shed with 503 while the event loop lags more than this (0: never). */
  maxEventLoopDelayMs: number;
}

/** Live events (`GET /api/events`). */
export interface LiveEventsConfig {
  /** A comment line on every stream this often, so proxies and clients do not take it for dead. */
  heartbeatMs: number;
  /** A post's `counts` event goes out at most once per this interval. */
  countsIntervalMs: number;
  maxStreamsPerUser: number;
  /** Redis keys of live events start with this: deployments (or tests) sharing one Redis stay apart. */
  redisKeyPrefix: string;
}

/** How much work is taken on at once, and how long the rest may wait (`http/admission.ts`). */
export interface AdmissionConfig {
  /** 0: no limit. */
  maxInFlight: number;
  maxQueueMs: number;
  /** 0: no limit. */
  maxTickWorkMs: number;
}

/**
 * Which peers may tell us the client's address in X-Forwarded-For: none, the first N hops counted from
 * our socket, or the proxies at these addresses/CIDRs.
 */
export type TrustProxy = false | { hops: number } | { addresses: string[] };

export type LogFormat = 'json' | 'pretty';

/** How the server names itself to Mastodon apps (`GET /api/v2/instance`). */
export interface InstanceConfig {
  title: string;
  /** Plain text, a sentence or two. */
  description: string;
}

/** Where uploaded images are kept: a folder on this machine, or an S3-compatible bucket for several. */
export type MediaStoreConfig =
  | { kind: 'disk'; folder: string }
  | {
      kind: 's3';
      endpoint: string | undefined;
      bucket: string;
      region: string;
      accessKeyId: string | undefined;
      secretAccessKey: string | undefined;
    };

/** Uploads (docs/decisions/090). */
export interface MediaConfig {
  store: MediaStoreConfig;
  /** Where the files are served from: `/media` (this server) unless a CDN or the bucket serves them. */
  publicUrl: string;
  maxPerPost: number;
  maxBytes: number;
  /** Width × height of the input, refused before it is decoded (a decompression bomb). */
  maxPixels: number;
  /** Each account's uploads together; 0: no quota. */
  quotaBytes: number;
  /** Images processed at once: the rest wait their turn, so a burst of uploads cannot starve requests. */
  processingSlots: number;
}

/** Outgoing mail (platform/mail, docs/decisions/100). */
export interface MailConfig {
  /** smtp:// or smtps:// with the credentials in it; without it, messages are written to `outboxDir`. */
  smtpUrl: string | undefined;
  /** The From header: `Sync <no-reply@host>` unless MAIL_FROM says otherwise. */
  from: string;
  outboxDir: string;
}

/** Where Sync is served and the domain of its accounts (platform/uris, docs/decisions/118). */
export interface SiteConfig {
  /** PUBLIC_URL's origin (`https://sync.example.org`); undefined when unset: each request's own. */
  publicUrl: string | undefined;
  /** LOCAL_DOMAIN, the domain of `@user@domain`; undefined when unset: PUBLIC_URL's host. */
  localDomain: string | undefined;
  /** Where links point outside any request (mail) without PUBLIC_URL: this machine on PORT. */
  localUrl: string;
}

/** The durable job queue's worker (platform/jobs/queue.ts, docs/decisions/121). */
export interface JobQueueConfig {
  /** How often each process looks for due jobs. */
  pollMs: number;
  /** How long a worker's claim on a job holds (JOB_CLAIM_SECONDS): a job whose process died runs again after. */
  claimMs: number;
  /** The wait before the first retry (JOB_FIRST_RETRY_SECONDS); it doubles with each attempt after. */
  firstRetryMs: number;
  /** Attempts before a job is failed (JOB_MAX_ATTEMPTS). */
  maxAttempts: number;
}

export interface Config {
  /** Server processes sharing the port (node:cluster); 1 runs the server in this process. */
  workers: number;
  port: number;
  host: string;
  dataDir: string;
  /** PostgreSQL connection string; SQLite in `dataDir` when absent. */
  databaseUrl: string | undefined;
  /** PostgreSQL: longest wait to open a connection or to get a free one from the pool. */
  databaseConnectTimeoutMs: number;
  /** PostgreSQL: longest a statement may run (statement_timeout); the client gives up a second later. */
  databaseQueryTimeoutMs: number;
  /** SQLite: how often a thread of its own checkpoints the write-ahead log (0: SQLite, in commits). */
  sqliteCheckpointIntervalMs: number;
  redisUrl: string | undefined;
  /** From JWT_SECRET; otherwise generated once and kept in `dataDir`. */
  jwtSecret: string | undefined;
  tokenTtlSeconds: number;
  logLevel: string;
  /**
   * `pretty`: lines for a person (the start-up line, then warnings, errors, and the requests that failed
   * with a 5xx or were slow); `json`: one JSON record per line, every request included, for log shippers.
   */
  logFormat: LogFormat;
  /** Pretty logs: a request that takes longer than this gets a line (0: every request). */
  logSlowMs: number;
  /** Folder of the built web client; served at / when it exists. */
  webDir: string;
  /**
   * The pictures the server serves itself whatever the web client (server/public: the demo's avatars,
   * the default header, the thumbnail); part of the server, not a setting.
   */
  publicDir: string;
  /** Load the demo data when the database is empty. */
  seedDemo: boolean;
  rateLimits: RateLimitConfig;
  connections: ConnectionLimits;
  admission: AdmissionConfig;
  trustProxy: TrustProxy;
  answerCaps: AnswerCaps;
  /** Memory for hydrated posts cached by (id, version); 0 turns the cache off. */
  postCacheBytes: number;
  /** How long reads may reuse the user row read for a token (auth/recent-viewers.ts); 0: never. */
  viewerCacheMs: number;
  events: LiveEventsConfig;
  instance: InstanceConfig;
  media: MediaConfig;
  site: SiteConfig;
  mail: MailConfig;
  jobQueue: JobQueueConfig;
}

// Two folders up from server/src/config.ts and from the compiled server/dist/main.js alike.
const repoRoot = path.resolve(import.meta.dirname, '../..');

function integer(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) {
    throw new Error(`${name} must be a whole number, got "${raw}"`);
  }
  return value;
}

function positive(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const value = integer(env, name, fallback);
  if (value === 0) throw new Error(`${name} must be at least 1`);
  return value;
}

/** TRUST_PROXY: unset or `false`, a hop count, or comma-separated proxy addresses/CIDRs. */
function trustProxy(raw: string | undefined): TrustProxy {
  const value = raw?.trim() ?? '';
  if (value === '' || value === 'false' || value === '0') return false;
  if (value === 'true') {
    throw new Error(
      'TRUST_PROXY=true would trust every X-Forwarded-For entry, and clients write those themselves. ' +
        'Set TRUST_PROXY to the number of proxies in front of Sync (1 for a single nginx on the same ' +
        'machine) or to their addresses, e.g. TRUST_PROXY=127.0.0.1 or TRUST_PROXY=10.0.0.0/8.',
    );
  }
  if (/^\d+$/.test(value)) return { hops: Number(value) };
  const addresses = value.split(',').map((address) => address.trim());
  try {
    proxyAddr.compile(addresses);
  } catch (error) {
    throw new Error(
      `TRUST_PROXY must be a hop count or proxy addresses/CIDRs separated by commas: ${(error as Error).message}`,
    );
  }
  return { addresses };
}

/** WORKERS: a count, or `auto` for one per core the process may use. */
function workers(raw: string | undefined): number {
  const value = raw?.trim() ?? '';
  if (value === '') return 1;
  if (value === 'auto') return os.availableParallelism();
  if (!/^\d+$/.test(value) || Number(value) === 0) {
    throw new Error(`WORKERS must be a whole number of at least 1, or auto (one per core), got "${raw}"`);
  }
  return Number(value);
}

/** LOG_FORMAT: `json` or `pretty`; unset, pretty when stdout is a terminal and JSON otherwise. */
function logFormat(raw: string | undefined, stdoutIsTerminal: boolean): LogFormat {
  const value = raw?.trim() ?? '';
  if (value === '') return stdoutIsTerminal ? 'pretty' : 'json';
  if (value !== 'json' && value !== 'pretty') {
    throw new Error(
      `LOG_FORMAT must be json (one JSON record per line, for log shippers) or pretty (lines for a person), got "${raw}"`,
    );
  }
  return value;
}

/** MEDIA_*: S3 when MEDIA_S3_BUCKET is set, else `DATA_DIR/media`. */
function mediaConfig(env: NodeJS.ProcessEnv, dataDir: string): MediaConfig {
  const bucket = env.MEDIA_S3_BUCKET?.trim();
  const store: MediaStoreConfig = bucket
    ? {
        kind: 's3',
        endpoint: env.MEDIA_S3_ENDPOINT?.trim() || undefined,
        bucket,
        region: env.MEDIA_S3_REGION?.trim() || 'us-east-1',
        accessKeyId: env.MEDIA_S3_ACCESS_KEY_ID || undefined,
        secretAccessKey: env.MEDIA_S3_SECRET_ACCESS_KEY || undefined,
      }
    : { kind: 'disk', folder: path.join(dataDir, 'media') };
  if (!bucket && env.MEDIA_S3_ENDPOINT) {
    throw new Error('MEDIA_S3_ENDPOINT is set but MEDIA_S3_BUCKET is not: name the bucket to keep media in.');
  }
  const publicUrl = (env.MEDIA_PUBLIC_URL?.trim() || '/media').replace(/\/+$/, '');
  if (!publicUrl.startsWith('/') && !/^https?:\/\//.test(publicUrl)) {
    throw new Error(
      `MEDIA_PUBLIC_URL must be a path (/media) or an http(s) URL, got "${env.MEDIA_PUBLIC_URL}"`,
    );
  }
  return {
    store,
    publicUrl,
    maxPerPost: positive(env, 'MEDIA_MAX_PER_POST', 4),
    maxBytes: positive(env, 'MEDIA_MAX_BYTES', 16 * 1024 * 1024),
    maxPixels: positive(env, 'MEDIA_MAX_PIXELS', 33_177_600),
    quotaBytes: integer(env, 'MEDIA_QUOTA_MB', 1000) * 1024 * 1024,
    processingSlots: positive(env, 'MEDIA_PROCESSING_SLOTS', 2),
  };
}

/** PUBLIC_URL: the http(s) origin people open Sync at; undefined when unset. */
function publicUrl(raw: string | undefined): string | undefined {
  const value = raw?.trim();
  if (!value) return undefined;
  const url = URL.canParse(value) ? new URL(value) : undefined;
  if (
    !url ||
    (url.protocol !== 'https:' && url.protocol !== 'http:') ||
    url.pathname !== '/' ||
    url.search ||
    url.hash ||
    url.username ||
    url.password
  ) {
    throw new Error(
      `PUBLIC_URL must be the http(s) address people open Sync at, without a path, e.g. https://sync.example.org, got "${raw}"`,
    );
  }
  return url.origin;
}

/** LOCAL_DOMAIN: a host name (and port), as in `@user@example.org`; it needs PUBLIC_URL. */
function localDomain(raw: string | undefined, servedAt: string | undefined): string | undefined {
  const value = raw?.trim();
  if (!value) return undefined;
  const url = URL.canParse(`http://${value}`) ? new URL(`http://${value}`) : undefined;
  if (!url || url.host !== value.toLowerCase() || url.pathname !== '/' || url.username) {
    throw new Error(
      `LOCAL_DOMAIN must be the domain of the accounts' addresses (@user@domain), e.g. example.org, got "${raw}"`,
    );
  }
  if (servedAt === undefined) {
    throw new Error(
      `LOCAL_DOMAIN needs PUBLIC_URL: set PUBLIC_URL to where Sync is served (e.g. https://sync.example.org)`,
    );
  }
  return url.host;
}

/** SMTP_URL and MAIL_FROM; the outbox folder in DATA_DIR when there is no SMTP server. */
function mailConfig(env: NodeJS.ProcessEnv, dataDir: string, site: SiteConfig): MailConfig {
  const smtpUrl = env.SMTP_URL?.trim() || undefined;
  if (smtpUrl && !/^smtps?:\/\//.test(smtpUrl)) {
    throw new Error(
      `SMTP_URL must start with smtp:// or smtps://, e.g. smtp://user:password@mail.example.org:587`,
    );
  }
  return {
    smtpUrl,
    from: env.MAIL_FROM?.trim() || `Sync <no-reply@${new URL(site.publicUrl ?? site.localUrl).hostname}>`,
    outboxDir: path.join(dataDir, 'outbox'),
  };
}

/**
 * `stdoutIsTerminal` decides the log format when LOG_FORMAT is unset: a person reads a terminal, a
 * log shipper or a file gets JSON.
 */
export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  { stdoutIsTerminal = process.stdout.isTTY === true }: { stdoutIsTerminal?: boolean } = {},
): Config {
  const dataDir = path.resolve(env.DATA_DIR ?? path.join(repoRoot, 'data'));
  const port = integer(env, 'PORT', 3000);
  const servedAt = publicUrl(env.PUBLIC_URL);
  const site: SiteConfig = {
    publicUrl: servedAt,
    localDomain: localDomain(env.LOCAL_DOMAIN, servedAt),
    localUrl: `http://localhost:${port}`,
  };
  const config: Config = {
    workers: workers(env.WORKERS),
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    databaseConnectTimeoutMs: integer(env, 'DATABASE_CONNECT_TIMEOUT_MS', 3000),
    databaseQueryTimeoutMs: integer(env, 'DATABASE_QUERY_TIMEOUT_MS', 5000),
    sqliteCheckpointIntervalMs: integer(env, 'SQLITE_CHECKPOINT_INTERVAL_MS', 200),
    redisUrl: env.REDIS_URL || undefined,
    jwtSecret: env.JWT_SECRET || undefined,
    tokenTtlSeconds: integer(env, 'TOKEN_TTL_SECONDS', 7 * 24 * 60 * 60),
    logLevel: env.LOG_LEVEL ?? 'info',
    logFormat: logFormat(env.LOG_FORMAT, stdoutIsTerminal),
    logSlowMs: integer(env, 'LOG_SLOW_MS', 1000),
    webDir: path.resolve(env.WEB_DIR ?? path.join(repoRoot, 'web/dist')),
    publicDir: path.join(repoRoot, 'server/public'),
    seedDemo: env.SEED_DEMO !== 'false',
    rateLimits: {
      enabled: env.RATE_LIMITS !== 'off',
      login: integer(env, 'RATE_LIMIT_LOGIN', 25),
      signup: integer(env, 'RATE_LIMIT_SIGNUP', 5),
      writes: integer(env, 'RATE_LIMIT_WRITES', 300),
      reads: integer(env, 'RATE_LIMIT_READS', 3000),
      uploads: integer(env, 'RATE_LIMIT_UPLOADS', 30),
      imports: integer(env, 'RATE_LIMIT_IMPORTS', 10),
      email: integer(env, 'RATE_LIMIT_EMAIL', 5),
      redisUrl: env.REDIS_URL || undefined,
      redisCommandTimeoutMs: integer(env, 'REDIS_COMMAND_TIMEOUT_MS', 200),
    },
    connections: {
      headersTimeoutMs: integer(env, 'HEADERS_TIMEOUT_MS', 10_000),
      requestTimeoutMs: integer(env, 'REQUEST_TIMEOUT_MS', 30_000),
      // Longer than the idle timeout of proxies in front (nginx 60 s), so a proxy never reuses a
      // connection we are closing.
      keepAliveTimeoutMs: integer(env, 'KEEP_ALIVE_TIMEOUT_MS', 72_000),
      lingeringTimeoutMs: integer(env, 'LINGERING_TIMEOUT_MS', 5_000),
      maxConnections: integer(env, 'MAX_CONNECTIONS', 4096),
      maxConnectionsPerIp: integer(env, 'MAX_CONNECTIONS_PER_IP', 128),
      maxEventLoopDelayMs: integer(env, 'MAX_EVENT_LOOP_DELAY_MS', 200),
    },
    admission: {
      maxInFlight: integer(env, 'MAX_IN_FLIGHT', 32),
      maxQueueMs: positive(env, 'MAX_QUEUE_MS', 3000),
      maxTickWorkMs: integer(env, 'MAX_TICK_WORK_MS', 5),
    },
    trustProxy: trustProxy(env.TRUST_PROXY),
    answerCaps: {
      posts: positive(env, 'CAP_POSTS', 100),
      users: positive(env, 'CAP_USERS', 100),
      entries: positive(env, 'CAP_ENTRIES', 100),
      nested: positive(env, 'CAP_NESTED_ENTRIES', 4),
      ownFollowing: positive(env, 'CAP_OWN_FOLLOWING', 1000),
    },
    postCacheBytes: integer(env, 'POST_CACHE_MB', 64) * 1024 * 1024,
    viewerCacheMs: integer(env, 'VIEWER_CACHE_MS', 5000),
    events: {
      heartbeatMs: positive(env, 'EVENTS_HEARTBEAT_MS', 25_000),
      countsIntervalMs: positive(env, 'EVENTS_COUNTS_INTERVAL_MS', 1000),
      maxStreamsPerUser: positive(env, 'EVENTS_MAX_STREAMS_PER_USER', 5),
      redisKeyPrefix: env.REDIS_KEY_PREFIX ?? 'sync:',
    },
    instance: {
      title: env.INSTANCE_TITLE?.trim() || 'Sync',
      description: env.INSTANCE_DESCRIPTION?.trim() || 'A calm, self-hosted social network.',
    },
    media: mediaConfig(env, dataDir),
    site,
    mail: mailConfig(env, dataDir, site),
    jobQueue: {
      pollMs: 1000,
      // Longer than a send can take (Nodemailer gives up on a silent SMTP server after 10 minutes).
      claimMs: positive(env, 'JOB_CLAIM_SECONDS', 15 * 60) * 1000,
      firstRetryMs: positive(env, 'JOB_FIRST_RETRY_SECONDS', 30) * 1000,
      // Retries after 30 s, 1, 2 ... 32 minutes, then hourly: about three hours before a job is failed.
      maxAttempts: positive(env, 'JOB_MAX_ATTEMPTS', 10),
    },
  };
  const { headersTimeoutMs, requestTimeoutMs } = config.connections;
  if (requestTimeoutMs > 0 && headersTimeoutMs > requestTimeoutMs) {
    throw new Error(
      `HEADERS_TIMEOUT_MS (${headersTimeoutMs}) must not exceed REQUEST_TIMEOUT_MS (${requestTimeoutMs}): the headers are part of the request.`,
    );
  }
  return config;
}
