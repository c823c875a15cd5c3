import { spawn, type ChildProcess } from 'node:child_process';
import { accessSync, constants, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** docker-compose's balancer configuration: the file the `balancer` container mounts. */
export const BALANCER_CONF = path.resolve(__dirname, '..', '..', '..', 'scripts', 'docker', 'nginx-api-balancer.conf');

/**
 * compose's balancer configuration for `ports`: the upstream's one `server api:4000 resolve …` (Docker's DNS)
 * becomes one loopback server per process, with the same parameters; the rest is compose's file as it is.
 */
export function balancerConfiguration(conf: string, ports: number[], listenPort: number): string {
  const server = /^(\s*)server\s+api:4000\s+resolve\s+([^;]*);$/m.exec(conf);
  if (!server || !/^resolver .*$/m.test(conf) || !/listen 8080;/.test(conf)) throw new Error(`${BALANCER_CONF}: not the upstream this harness rewrites`);
  return conf
    .replace(/^resolver .*$/m, '')
    .replace(server[0], ports.map((port) => `${server[1]}server 127.0.0.1:${port} ${server[2]};`).join('\n'))
    .replace('listen 8080;', `listen 127.0.0.1:${listenPort};`);
}

export interface Balancer {
  port: number;
  pid: number;
  /** The error log's path (nginx's own account of what failed). */
  errorLog: string;
  stop(): Promise<void>;
}

/**
 * nginx in one process (no master, no daemon) with compose's balancer configuration for `ports`, its files in
 * `folder`; resolves once it listens. Needs Debian's nginx (apt-get install nginx-light).
 */
export async function startBalancer(folder: string, ports: number[], listenPort: number): Promise<Balancer> {
  const prefix = path.join(folder, `nginx-${listenPort}`);
  for (const sub of ['logs', 'temp']) mkdirSync(path.join(prefix, sub), { recursive: true });
  writeFileSync(path.join(prefix, 'balancer.conf'), balancerConfiguration(readFileSync(BALANCER_CONF, 'utf8'), ports, listenPort));
  const temp = (name: string) => `${name}_temp_path ${path.join(prefix, 'temp', name)};`;
  const errorLog = path.join(prefix, 'logs/error.log');
  writeFileSync(
    path.join(prefix, 'nginx.conf'),
    `daemon off;\nmaster_process off;\nworker_processes 1;\npid ${path.join(prefix, 'nginx.pid')};\nerror_log ${errorLog} warn;\n` +
      `events { worker_connections 4096; }\n` +
      `http {\n  access_log off;\n  ${['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(temp).join('\n  ')}\n  include ${path.join(prefix, 'balancer.conf')};\n}\n`,
  );
  const nginx = nginxPath();
  if (!nginx) throw new Error('nginx is not installed: apt-get install -y nginx-light');
  const child = spawn(nginx, ['-p', prefix, '-c', path.join(prefix, 'nginx.conf')], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  await new Promise<void>((resolve, reject) => {
    let settled = false;
    const settle = (error?: Error) => {
      if (settled) return;
      settled = true;
      if (error) reject(error);
      else resolve();
    };
    child.once('error', (error) => settle(new Error(`nginx did not start (${error.message}): apt-get install -y nginx-light`)));
    child.once('exit', (code) => settle(new Error(`nginx exited with ${code}: ${stderr}`)));
    const poll = async () => {
      if (settled) return;
      try {
        await fetch(`http://127.0.0.1:${listenPort}/`, { signal: AbortSignal.timeout(1_000) });
        return settle();
      } catch {
        // not listening yet
      }
      setTimeout(() => void poll(), 100);
    };
    void poll();
  });
  return { port: listenPort, pid: child.pid!, errorLog, stop: () => stopChild(child) };
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  return exited;
}

/** The nginx binary on PATH or in the sbin folders (Debian's is /usr/sbin/nginx); null when there is none. */
export function nginxPath(): string | null {
  const folders = (process.env.PATH ?? '').split(':').concat(['/usr/sbin', '/usr/local/sbin']);
  for (const folder of folders) {
    const candidate = path.join(folder, 'nginx');
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return null;
}
