import { mkdirSync } from 'node:fs';
import path from 'node:path';

/** The repository root: api/src (sources, tests) and api/dist (build) both sit two levels below it. */
export const REPO_ROOT = path.resolve(__dirname, '..', '..');

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export interface Config {
  port: number;
  host: string;
  /** PostgreSQL connection string; when set the API uses PostgreSQL instead of SQLite. */
  databaseUrl: string | null;
  /** Absolute path of the SQLite file (used when databaseUrl is null). */
  sqliteFile: string;
  logLevel: LogLevel;
  nodeEnv: string;
}

export type DatabaseConfig = Pick<Config, 'databaseUrl' | 'sqliteFile'>;

function nonEmpty(value: string | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}

function parsePort(value: string | undefined): number {
  const text = nonEmpty(value);
  if (text === null) return 4000;
  const port = Number(text);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`PORT must be an integer between 0 and 65535, got "${text}"`);
  }
  return port;
}

function parseLogLevel(value: string | undefined): LogLevel {
  const text = nonEmpty(value)?.toLowerCase() ?? 'info';
  if (!(LOG_LEVELS as readonly string[]).includes(text)) {
    throw new Error(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${text}"`);
  }
  return text as LogLevel;
}

/** Reads the configuration from the environment. Pure: creates no folders (see ensureSqliteFolder). */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const sqliteFile = nonEmpty(env.SQLITE_FILE);
  return {
    port: parsePort(env.PORT),
    host: nonEmpty(env.HOST) ?? '127.0.0.1',
    databaseUrl: nonEmpty(env.DATABASE_URL),
    sqliteFile: sqliteFile ? path.resolve(sqliteFile) : path.join(REPO_ROOT, 'data', 'ev-shop.sqlite'),
    logLevel: parseLogLevel(env.LOG_LEVEL),
    nodeEnv: nonEmpty(env.NODE_ENV) ?? 'development',
  };
}

/** Creates the folder of the SQLite file if it is missing. */
export function ensureSqliteFolder(sqliteFile: string): void {
  if (sqliteFile === ':memory:') return;
  mkdirSync(path.dirname(sqliteFile), { recursive: true });
}

/** Where the data lives, for logs and CLI output, without the password: 'SQLite /x/ev-shop.sqlite', 'PostgreSQL evshop@db:5432/evshop'. */
export function describeDatabase(config: DatabaseConfig): string {
  if (!config.databaseUrl) return `SQLite ${config.sqliteFile}`;
  try {
    const url = new URL(config.databaseUrl);
    const user = url.username ? `${decodeURIComponent(url.username)}@` : '';
    return `PostgreSQL ${user}${url.host}${url.pathname}`;
  } catch {
    return 'PostgreSQL';
  }
}
