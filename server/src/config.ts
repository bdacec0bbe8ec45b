import path from 'node:path';

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
}

const repoRoot = path.resolve(import.meta.dirname, '../..');

function integer(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) {
    throw new Error(`${name} must be a whole number, got "${raw}"`);
  }
  return value;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  return {
    port: integer('PORT', 3000),
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR ?? path.join(repoRoot, 'data')),
    databaseUrl: env.DATABASE_URL || undefined,
    redisUrl: env.REDIS_URL || undefined,
    jwtSecret: env.JWT_SECRET || undefined,
    tokenTtlSeconds: integer('TOKEN_TTL_SECONDS', 7 * 24 * 60 * 60),
    logLevel: env.LOG_LEVEL ?? 'info',
    webDir: path.resolve(env.WEB_DIR ?? path.join(repoRoot, 'web/dist')),
    seedDemo: env.SEED_DEMO !== 'false',
  };
}
