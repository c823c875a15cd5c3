import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { withApiProcessEnv } from '../serve/apiProcessEnv.ts';
import { loadOperatorSettings } from './benchApi.ts';
import { benchNodeFlags, REPO_ROOT } from './benchNode.ts';

/**
 * The API exactly as production starts it: `node api/dist/src/server.js` (the container's command, and what `npm start`
 * supervises), its build, with apiProcessEnv.ts's settings and an operator's production environment (a generated key,
 * an https site, the shop's own account and seller: the production guard lets it start), logging each request at
 * `info` as docker-compose sets it. The one addition is a probe preloaded from a `data:` URL (no file, no TypeScript):
 * with `--expose-gc`, it answers the parent's 'bench:memory' message with a full GC's figures.
 */

export interface ProductionApiMemory {
  rssMb: number;
  heapUsedMb: number;
  /** V8's heap as committed (what of it is resident counts in the RSS) */
  heapTotalMb: number;
  /** of which the young generation (new space), which a GC empties but does not give back */
  newSpaceMb: number;
  externalMb: number;
}

export interface ProductionApi {
  child: ChildProcess;
  origin: string;
  /** A full garbage collection in the API's process, then its figures. */
  memoryAfterGc(): Promise<ProductionApiMemory>;
  /** How many times its memory saver (api/src/runtime/memorySaver.ts) has turned on, from its log. */
  memorySaverTurns(): number;
  /** How long the saver has been on in all (s): the time its CPU cost applied. */
  memorySaverSeconds(): number;
  /** SIGTERM (the API's graceful shutdown), then its exit. */
  stop(): Promise<void>;
}

export interface ProductionApiSettings {
  /** The SQLite file and the uploads' folder live here (the bench's prepared database). */
  folder: string;
  /** JWT_SECRET: the key the preparation signed the bench users' tokens with. */
  jwtSecret: string;
  /** SQLITE_FILE when not the folder's bench.sqlite. */
  sqliteFile?: string;
  /** DATABASE_URL: the API on this PostgreSQL database instead of the SQLite file. */
  databaseUrl?: string;
  /** node's flags for the API process besides BENCH_NODE_FLAGS (a CPU profile, --trace-gc). */
  nodeFlags?: readonly string[];
}

// Runs before server.js in the API's process: it only listens for the parent's question (and lets the channel not
// keep the process alive). The figures are the ones process.memoryUsage() and V8 give after a full collection.
const PROBE = `import { getHeapSpaceStatistics } from 'node:v8';
const mb = (bytes) => Math.round((bytes / 1048576) * 100) / 100;
process.on('message', (message) => {
  if (message !== 'bench:memory') return;
  globalThis.gc();
  const usage = process.memoryUsage();
  const newSpace = getHeapSpaceStatistics().find((space) => space.space_name === 'new_space')?.space_size ?? 0;
  process.send({ memory: { rssMb: mb(usage.rss), heapUsedMb: mb(usage.heapUsed), heapTotalMb: mb(usage.heapTotal), newSpaceMb: mb(newSpace), externalMb: mb(usage.external) } });
});
process.channel?.unref();`;

/** The environment an operator gives the API (api/test/support/operatorSettings.ts), nothing of this shell's. */
async function productionEnv(settings: ProductionApiSettings, port: number): Promise<NodeJS.ProcessEnv> {
  return {
    ...(await loadOperatorSettings()),
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? settings.folder,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    LOG_LEVEL: 'info',
    JWT_SECRET: settings.jwtSecret,
    SQLITE_FILE: settings.sqliteFile ?? path.join(settings.folder, 'bench.sqlite'),
    ...(settings.databaseUrl ? { DATABASE_URL: settings.databaseUrl } : {}),
    UPLOAD_DIR: path.join(settings.folder, 'uploads'),
  };
}

/** A loopback port nobody listens on now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Starts the built API (built first by the caller) and waits until /api/health/ready answers 200. */
export async function startProductionApi(settings: ProductionApiSettings): Promise<ProductionApi> {
  const port = await freePort();
  // BENCH_NODE_FLAGS (benchNodeFlags) and BENCH_API_ENV='NAME=value …' (variables over the API process's own, such as
  // apiProcessEnv.ts's malloc settings): to measure a setting before making it.
  const overrides = Object.fromEntries((process.env.BENCH_API_ENV?.split(/\s+/).filter(Boolean) ?? []).map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]));
  const child = spawn(process.execPath, ['--expose-gc', '--import', `data:text/javascript,${encodeURIComponent(PROBE)}`, ...(settings.nodeFlags ?? []), ...benchNodeFlags(), path.join(REPO_ROOT, 'api/dist/src/server.js')], {
    cwd: REPO_ROOT,
    env: { ...withApiProcessEnv(await productionEnv(settings, port)), ...overrides },
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });
  // Its log (a line per request) is read and dropped, as docker's log driver would take it; the last lines are kept
  // to say why, should it end. Lines that are not its JSON log (V8's --trace-gc) are shown. BENCH_API_LOG=<file>: its
  // lines other than the request lines are kept there (its jobs, the memory saver, warnings), to tell what it did when.
  const keptLog = process.env.BENCH_API_LOG ? createWriteStream(process.env.BENCH_API_LOG, { flags: 'a' }) : null;
  const lastLines: string[] = [];
  let partial = '';
  let saverTurns = 0;
  let savedMs = 0;
  let savingSince: number | null = null;
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
    const lines = (partial + chunk).split('\n');
    partial = lines.pop()!;
    for (const line of lines) {
      if (!line) continue;
      if (keptLog && !line.includes('"msg":"request"')) keptLog.write(`${line}\n`);
      if (!line.startsWith('{')) console.log(line);
      else if (line.includes('memory saver on')) {
        saverTurns += 1;
        savingSince ??= Date.now();
      } else if (line.includes('memory saver off') && savingSince !== null) {
        savedMs += Date.now() - savingSince;
        savingSince = null;
      }
    }
    lastLines.push(...lines.filter(Boolean));
    lastLines.splice(0, Math.max(0, lastLines.length - 20));
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  let ended = false;
  void exited.then(() => (ended = true));
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (ended) throw new Error(`the API exited before it was ready:\n${lastLines.join('\n')}`);
    if (Date.now() > deadline) throw new Error(`the API was not ready within 60 s:\n${lastLines.join('\n')}`);
    const status = await fetch(`${origin}/api/health/ready`).then((response) => response.status, () => 0);
    if (status === 200) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    child,
    origin,
    memoryAfterGc() {
      return new Promise((resolve) => {
        const answer = (message: unknown) => {
          const memory = (message as { memory?: ProductionApiMemory }).memory;
          if (!memory) return;
          child.off('message', answer);
          resolve(memory);
        };
        child.on('message', answer);
        child.send('bench:memory');
      });
    },
    memorySaverTurns: () => saverTurns,
    memorySaverSeconds: () => (savedMs + (savingSince === null ? 0 : Date.now() - savingSince)) / 1000,
    async stop() {
      if (!ended) child.kill('SIGTERM');
      await exited;
    },
  };
}
