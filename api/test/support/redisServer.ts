import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { Redis } from 'ioredis';

/** A free loopback port (for a server of the test's own). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return typeof address === 'object' && address ? address.port : 0;
}

/** A redis-server of the test's own on a loopback port (never the shared one), without persistence; resolves once it answers PING. */
export async function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  const probe = new Redis(port, '127.0.0.1', { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  probe.on('error', () => undefined);
  try {
    for (let attempt = 0; attempt < 50; attempt += 1) {
      try {
        await probe.connect();
        await probe.ping();
        return child;
      } catch {
        probe.disconnect();
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    throw new Error('redis-server did not start');
  } finally {
    probe.disconnect();
  }
}

/** Kills the redis-server at once (a crash, not a shutdown) and waits for it to exit. */
export async function stopRedis(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}
