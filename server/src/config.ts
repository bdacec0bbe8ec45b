import path from 'node:path';

export interface RateLimitConfig {
  enabled: boolean;
  /** Requests allowed per window: login per IP and per username, signup per IP, writes per user, reads per IP. */
  login: number;
  signup: number;
  writes: number;
  reads: number;
  redisUrl: string | undefined;
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** PostgreSQL connection string; SQLite in `dataDir` when absent. */
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  /** From JWT_SECRET; otherwise generated once and kept in `dataDir`. */
  jwtSecret: string | undefined;
  tokenTtlSeconds: number;
  logLevel: string;
  /** Folder of the built web client; served at / when it exists. */
  webDir: string;
  /** Load the demo data when the database is empty. */
  seedDemo: boolean;
  rateLimits: RateLimitConfig;
  /** Behind a reverse proxy, take the client's address from X-Forwarded-For. */
  trustProxy: boolean;
}

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

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  return {
    port: integer(env, 'PORT', 3000),
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR ?? path.join(repoRoot, 'data')),
    databaseUrl: env.DATABASE_URL || undefined,
    redisUrl: env.REDIS_URL || undefined,
    jwtSecret: env.JWT_SECRET || undefined,
    tokenTtlSeconds: integer(env, 'TOKEN_TTL_SECONDS', 7 * 24 * 60 * 60),
    logLevel: env.LOG_LEVEL ?? 'info',
    webDir: path.resolve(env.WEB_DIR ?? path.join(repoRoot, 'web/dist')),
    seedDemo: env.SEED_DEMO !== 'false',
    rateLimits: {
      enabled: env.RATE_LIMITS !== 'off',
      login: integer(env, 'RATE_LIMIT_LOGIN', 25),
      signup: integer(env, 'RATE_LIMIT_SIGNUP', 5),
      writes: integer(env, 'RATE_LIMIT_WRITES', 300),
      reads: integer(env, 'RATE_LIMIT_READS', 3000),
      redisUrl: env.REDIS_URL || undefined,
    },
    trustProxy: env.TRUST_PROXY === 'true',
  };
}
