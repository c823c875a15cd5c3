import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The holdout of bench:catalogue and bench:search (issue 70 §1): a bare Fastify route in a process of its own that
 * answers the same bytes as the route measured, with no validation, hooks, cache, query or ETag. With one body it
 * answers that body; with several, a body drawn at random per request (the measured route's answers vary in size
 * with the query, and the bare route must carry the same bytes on the whole).
 */
export interface BareServer {
  port: number;
  pid: number;
  stop: () => void;
}

/** Starts the bare route at `path` with `env` (the load's environment, without the API process's settings); resolves its port. */
export function startBareServer(path: string, bodies: string[], env: NodeJS.ProcessEnv): Promise<BareServer> {
  if (bodies.length === 0) throw new Error('startBareServer: no body to answer');
  // The bodies go in a file: a search's 183 answers are more than an environment variable may hold.
  const folder = mkdtempSync(join(tmpdir(), 'bench-bare-'));
  const bodiesFile = join(folder, 'bodies.json');
  writeFileSync(bodiesFile, JSON.stringify(bodies));
  const code = `const Fastify = require(process.env.FASTIFY_MODULE);
    const bodies = JSON.parse(require('node:fs').readFileSync(process.env.BARE_BODIES_FILE, 'utf8')).map((body) => Buffer.from(body, 'utf8'));
    const pick = bodies.length === 1 ? () => bodies[0] : () => bodies[Math.floor(Math.random() * bodies.length)];
    const app = Fastify({ logger: false });
    app.get(process.env.BARE_PATH, (_request, reply) => reply.type('application/json; charset=utf-8').send(pick()));
    app.listen({ host: '127.0.0.1', port: 0 }).then(() => process.stdout.write(String(app.server.address().port) + '\\n'));`;
  const child = spawn(process.execPath, ['-e', code], {
    env: { ...env, FASTIFY_MODULE: fileURLToPath(import.meta.resolve('fastify')), BARE_PATH: path, BARE_BODIES_FILE: bodiesFile },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    child.once('error', reject);
    child.once('exit', (status) => reject(new Error(`bare server exited with ${status}`)));
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      output += chunk;
      if (!output.includes('\n')) return;
      rmSync(folder, { recursive: true, force: true });
      resolve({ port: Number(output.trim()), pid: child.pid!, stop: () => child.kill() });
    });
  });
}

/** A fraction as a percentage with one decimal (the benches' ratios). */
export const percent = (fraction: number): string => `${(fraction * 100).toFixed(1)} %`;

/** The round whose ratio (measured over bare, in req/s) is the median of the rounds'. */
export function medianRound<R extends { bare: { requests: number }; measured: { requests: number } }>(rounds: R[]): R {
  const byRatio = [...rounds].sort((a, b) => a.measured.requests / a.bare.requests - b.measured.requests / b.bare.requests);
  return byRatio[Math.floor(byRatio.length / 2)]!;
}
