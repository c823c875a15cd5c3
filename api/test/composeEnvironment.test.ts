import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { AVATAR_MAX_BYTES, CHECKLIST_PHOTO_MAX_BYTES } from 'shared-contracts/schemas';
import { REPO_ROOT } from '../src/config';
import { PRODUCT_CSV_MAX_BYTES } from '../src/modules/catalogueAdmin/productCsvColumns';
import { SSE_HEARTBEAT_MS } from '../src/modules/bookings';

/**
 * docker-compose.yml must hand the API every setting .env.example asks the operator for: a variable set in .env but
 * not listed under the api service's `environment:` never reaches the container (compose passes only what it names).
 */

/** Variables .env.example names that are not the API's, each with why compose does not pass it to the api service. */
const NOT_THE_APIS: Record<string, string> = {
  POSTGRES_PASSWORD: 'PostgreSQL’s own password: compose gives it to the postgres service and builds DATABASE_URL from it',
};

/** Optional operator settings of README "In production" that .env.example leaves out; the api service passes them too. */
const OPTIONAL_SETTINGS = ['WEB_ORDERS_SHIPPING_CENTRE_ID', 'METRICS_PORT', 'MEMORY_SAVER_RSS_MB'];

/** Variables the API's code reads that the api service leaves unset, each with why. */
const NOT_FOR_COMPOSE: Record<string, string> = {
  SQLITE_FILE: 'compose runs PostgreSQL (DATABASE_URL)',
  CLOCK_START: 'a development clock: production refuses it',
  DEV_OUTBOX: 'the development outbox: production refuses it',
  GOOGLE_ISSUER: 'Google’s own issuers are the default; tests name a stand-in',
  GOOGLE_JWKS_URL: 'Google’s own endpoint is the default; tests name a stand-in',
  GOOGLE_AUTH_URL: 'Google’s own endpoint is the default; tests name a stand-in',
  GOOGLE_TOKEN_URL: 'Google’s own endpoint is the default; tests name a stand-in',
  GOOGLE_REDIRECT_URI: 'derived from PUBLIC_URL',
  PGPASSWORD: 'written, not read: the backup gives pg_dump the password this way',
};

/** Every variable name the API's code reads from its environment: `env.NAME`, `read('NAME')` and schema keys `NAME: z.`. */
function variablesTheApiReads(): string[] {
  const files = (folder: string): string[] =>
    readdirSync(folder, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? files(path.join(folder, entry.name)) : entry.name.endsWith('.ts') ? [path.join(folder, entry.name)] : [],
    );
  const names = new Set<string>();
  for (const file of files(path.join(REPO_ROOT, 'api/src'))) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(/\benv\.([A-Z][A-Z0-9_]+)\b|\bread\('([A-Z][A-Z0-9_]+)'\)|^\s*([A-Z][A-Z0-9]*_[A-Z0-9_]+): z\./gm)) {
      names.add((match[1] ?? match[2] ?? match[3])!);
    }
  }
  return [...names].sort();
}

/** The object storage's settings (docs/deploy.md): every one reaches the api, whether or not .env.example shows it. */
const S3_SETTINGS = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE'];

/** Every NAME .env.example sets or shows commented out (`NAME=` or `# NAME=`). */
function envExampleNames(text: string): string[] {
  return [...text.matchAll(/^#?\s*([A-Z][A-Z0-9_]*)=/gm)].map((match) => match[1]!);
}

const indentOf = (line: string) => line.length - line.trimStart().length;
const meaningful = (line: string) => line.trim() !== '' && !line.trimStart().startsWith('#');

/** The lines of the block under `header` (the lines after it indented deeper), from `start`. */
function blockAfter(lines: string[], start: number): string[] {
  const indent = indentOf(lines[start]!);
  const block: string[] = [];
  for (const line of lines.slice(start + 1)) {
    if (meaningful(line) && indentOf(line) <= indent) break;
    block.push(line);
  }
  return block;
}

/** The keys of a mapping block at its first key's indent, following `<<: *anchor` merges to the anchored mapping. */
function mappingKeys(lines: string[], block: string[]): string[] {
  const entries = block.filter(meaningful);
  if (entries.length === 0) return [];
  const indent = indentOf(entries[0]!);
  const keys: string[] = [];
  for (const line of entries.filter((entry) => indentOf(entry) === indent)) {
    const merge = /^\s*<<:\s*\*([\w-]+)\s*$/.exec(line);
    if (merge) {
      const anchorLine = lines.findIndex((candidate) => new RegExp(`:\\s*&${merge[1]}\\s*$`).test(candidate));
      if (anchorLine < 0) throw new Error(`docker-compose.yml: no anchor &${merge[1]}`);
      keys.push(...mappingKeys(lines, blockAfter(lines, anchorLine)));
      continue;
    }
    const key = /^\s*([A-Za-z_][\w]*):/.exec(line);
    if (key) keys.push(key[1]!);
  }
  return keys;
}

/** The variable names docker-compose.yml's `service` passes in its `environment:` mapping. */
function composeEnvironment(text: string, service: string): string[] {
  const lines = text.split('\n');
  const services = lines.findIndex((line) => /^services:\s*$/.test(line));
  const serviceBlock = blockAfter(lines, services);
  const serviceIndent = indentOf(serviceBlock.find(meaningful)!);
  const serviceLine = lines.findIndex((line, index) => index > services && indentOf(line) === serviceIndent && line.trim() === `${service}:`);
  if (serviceLine < 0) throw new Error(`docker-compose.yml: no service ${service}`);
  const body = blockAfter(lines, serviceLine);
  const environment = body.findIndex((line) => /^\s*environment:(\s*&[\w-]+)?\s*$/.test(line));
  if (environment < 0) return [];
  const environmentLine = serviceLine + 1 + environment;
  return mappingKeys(lines, blockAfter(lines, environmentLine));
}

const read = (file: string) => readFileSync(path.join(REPO_ROOT, file), 'utf8');

describe('docker-compose.yml passes the API its settings', () => {
  const apiEnvironment = composeEnvironment(read('docker-compose.yml'), 'api');

  it('reads the api service’s environment, the shared &api-env mapping included', () => {
    expect(apiEnvironment).toEqual(expect.arrayContaining(['NODE_ENV', 'JWT_SECRET', 'DATABASE_URL', 'HOST', 'PORT', 'TRUST_PROXY']));
    expect(composeEnvironment(read('docker-compose.yml'), 'postgres')).toContain('POSTGRES_PASSWORD');
  });

  it('passes every variable .env.example names (except those not the API’s)', () => {
    const names = envExampleNames(read('.env.example'));
    expect(names).toEqual(expect.arrayContaining(['JWT_SECRET', 'PAYOS_CLIENT_ID', 'SEPAY_WEBHOOK_KEY', 'TRUST_PROXY']));
    const missing = names.filter((name) => !(name in NOT_THE_APIS) && !apiEnvironment.includes(name));
    expect(missing).toEqual([]);
  });

  it('passes the optional operator settings README documents', () => {
    expect(OPTIONAL_SETTINGS.filter((name) => !apiEnvironment.includes(name))).toEqual([]);
  });

  it('passes every variable the API’s code reads, except those not for production', () => {
    const read = variablesTheApiReads();
    expect(read).toEqual(expect.arrayContaining(['JWT_SECRET', 'MAIL_FROM', 'BACKUP_DIR', 'METRICS_PORT', 'S3_BUCKET', 'SQLITE_FILE']));
    expect(read.filter((name) => !(name in NOT_FOR_COMPOSE) && !apiEnvironment.includes(name))).toEqual([]);
    // and the exceptions are still read
    expect(Object.keys(NOT_FOR_COMPOSE).filter((name) => !read.includes(name))).toEqual([]);
  });

  it('passes every object-storage setting', () => {
    expect(S3_SETTINGS.filter((name) => !apiEnvironment.includes(name))).toEqual([]);
  });

  it('excludes only variables .env.example still names', () => {
    const names = envExampleNames(read('.env.example'));
    expect(Object.keys(NOT_THE_APIS).filter((name) => !names.includes(name))).toEqual([]);
  });
});

interface ComposeService {
  image?: string;
  build?: unknown;
  ports?: string[];
  expose?: string[];
  volumes?: string[];
  environment?: Record<string, string>;
  deploy?: { replicas?: number };
  healthcheck?: { test?: string[] };
  depends_on?: Record<string, { condition: string }>;
  command?: string[];
}

/** The whole file as YAML (merge keys resolved), as compose reads it before interpolating ${…}. */
function composeFile(): { services: Record<string, ComposeService>; volumes: Record<string, unknown> } {
  return parse(read('docker-compose.yml'), { merge: true }) as { services: Record<string, ComposeService>; volumes: Record<string, unknown> };
}

/** The route paths (under /api) of the API's server-sent-event streams: the routes of the files that serve them. */
function eventStreamPaths(): string[] {
  const files = (folder: string): string[] =>
    readdirSync(folder, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? files(path.join(folder, entry.name)) : entry.name.endsWith('.ts') ? [path.join(folder, entry.name)] : [],
    );
  return files(path.join(REPO_ROOT, 'api/src'))
    .map((file) => readFileSync(file, 'utf8'))
    .filter((text) => /=\s*eventStreams\(/.test(text))
    .flatMap((text) => [...text.matchAll(/app\.get\(\s*'([^']+)'/g)].map((match) => `/api${match[1]}`));
}

/** nginx size (`9m`, `512k`, bytes) in bytes. */
function nginxBytes(size: string): number {
  const match = /^(\d+)([kKmMgG]?)$/.exec(size);
  if (!match) throw new Error(`not an nginx size: ${size}`);
  const unit = { '': 1, k: 1024, m: 1024 ** 2, g: 1024 ** 3 }[match[2]!.toLowerCase() as '' | 'k' | 'm' | 'g'];
  return Number(match[1]) * unit;
}

/** nginx time (`90s`, `2m`, `1h`) in ms. */
function nginxMs(time: string): number {
  const match = /^(\d+)(ms|s|m|h)$/.exec(time);
  if (!match) throw new Error(`not an nginx time: ${time}`);
  return Number(match[1]) * { ms: 1, s: 1000, m: 60_000, h: 3_600_000 }[match[2] as 'ms' | 's' | 'm' | 'h'];
}

/** The body of the nginx block opened by `header` (a line ending in `{`), braces balanced. */
function nginxBlock(conf: string, header: RegExp): string {
  const start = conf.search(header);
  if (start < 0) throw new Error(`no block ${header} in the balancer's configuration`);
  const open = conf.indexOf('{', start);
  let depth = 0;
  for (let index = open; index < conf.length; index += 1) {
    if (conf[index] === '{') depth += 1;
    if (conf[index] === '}' && (depth -= 1) === 0) return conf.slice(open + 1, index);
  }
  throw new Error(`unbalanced block ${header}`);
}

describe('docker-compose.yml runs API replicas behind a balancer, with object storage', () => {
  const { services, volumes } = composeFile();
  const balancerConfFile = 'scripts/docker/nginx-api-balancer.conf';
  const conf = read(balancerConfFile).replace(/#[^\n]*/g, '');

  it('names every service of the topology, each with an image or a build', () => {
    expect(Object.keys(services)).toEqual(
      expect.arrayContaining(['postgres', 'redis', 'mail', 'seed', 'api', 'balancer', 'minio', 'minio-bucket', 'shell', 'storefront', 'account', 'backoffice']),
    );
    for (const [name, service] of Object.entries(services)) expect([name, Boolean(service.image ?? service.build)]).toEqual([name, true]);
    // every named volume a service mounts is declared
    const named = Object.values(services).flatMap((service) => (service.volumes ?? []).map((volume) => volume.split(':')[0]!)).filter((source) => !source.startsWith('.'));
    expect(named.filter((source) => !(source in volumes))).toEqual([]);
  });

  it('runs at least two API replicas, publishing no host port (a replica per port would collide), health-checked on readiness', () => {
    const api = services.api!;
    expect(api.deploy?.replicas).toBeGreaterThanOrEqual(2);
    expect(api.ports).toBeUndefined();
    expect(api.healthcheck?.test?.join(' ')).toContain('/api/health/ready');
  });

  it('puts an official nginx image in front of the api, its configuration file mounted, healthy through the API’s readiness', () => {
    const balancer = services.balancer!;
    expect(balancer.image).toMatch(/^nginx:[\d.]+-alpine$/);
    // `resolve` in an upstream (Docker's DNS re-read, so --scale is picked up) is nginx ≥ 1.27.3
    const [, major, minor] = /^nginx:(\d+)\.(\d+)/.exec(balancer.image!)!.map(Number);
    expect(major! * 100 + minor!).toBeGreaterThanOrEqual(128);
    const mount = balancer.volumes?.find((volume) => volume.startsWith('./'));
    expect(mount?.split(':')[0]).toBe(`./${balancerConfFile}`);
    expect(existsSync(path.join(REPO_ROOT, balancerConfFile))).toBe(true);
    expect(balancer.healthcheck?.test?.join(' ')).toContain('/api/health/ready');
    expect(balancer.depends_on?.api?.condition).toBe('service_healthy');
    // one refused connection or 502 takes a replica out for the rest of that second only (decision 0061)
    expect(nginxBlock(conf, /upstream\s+api\s*\{/)).toMatch(/server\s+api:4000\b[^;]*\bmax_fails=1\b[^;]*\bfail_timeout=0;/);
    expect(nginxBlock(conf, /upstream\s+api\s*\{/)).toMatch(/keepalive\s+\d+;/);
  });

  it('sends the shell’s /api through the balancer, and the balancer to every replica', () => {
    expect(services.shell!.environment?.API_URL).toBe('http://balancer:8080');
    expect(services.shell!.depends_on?.balancer?.condition).toBe('service_healthy');
    expect(conf).toMatch(/listen\s+8080;/);
    expect(nginxBlock(conf, /location\s+\/api\/\s*\{/)).toMatch(/proxy_pass\s+http:\/\/api;/);
  });

  it('streams every server-sent-event route unbuffered, waiting longer than the heartbeat', () => {
    const streams = eventStreamPaths();
    expect(streams).toEqual(expect.arrayContaining(['/api/appointments/events', '/api/staff/events']));
    const header = /location\s+~\s+(\S+)\s*\{/;
    const pattern = header.exec(conf)?.[1];
    expect(pattern).toBeDefined();
    const unbuffered = nginxBlock(conf, header);
    expect(streams.filter((stream) => !new RegExp(pattern!).test(stream))).toEqual([]);
    expect(new RegExp(pattern!).test('/api/appointments')).toBe(false);
    expect(unbuffered).toMatch(/proxy_buffering\s+off;/);
    expect(unbuffered).toMatch(/proxy_pass\s+http:\/\/api;/);
    expect(nginxMs(/proxy_read_timeout\s+(\S+);/.exec(unbuffered)![1]!)).toBeGreaterThan(SSE_HEARTBEAT_MS);
  });

  it('keeps connections to the replicas alive and passes the visitor’s address and scheme on, from a network the API trusts', () => {
    expect(conf).toMatch(/proxy_http_version\s+1\.1;/);
    expect(conf).toMatch(/proxy_set_header\s+Connection\s+"";/);
    expect(conf).toMatch(/proxy_set_header\s+X-Forwarded-For\s+\$proxy_add_x_forwarded_for;/);
    expect(conf).toMatch(/proxy_set_header\s+X-Forwarded-Proto\s+\$\w+;/);
    // no location sets its own proxy headers (that would drop the server's)
    for (const location of conf.matchAll(/location[^{]*\{([^}]*)\}/g)) expect(location[1]).not.toMatch(/proxy_set_header/);
    // the balancer has no fixed address: the API must trust the whole compose network it is on
    const trustProxy = /\$\{TRUST_PROXY:-([^}]*)\}/.exec(services.api!.environment!.TRUST_PROXY!)?.[1];
    expect(trustProxy?.split(',')).toContain('172.30.77.0/24');
  });

  it('accepts the API’s largest upload and not far more', () => {
    const limit = nginxBytes(/client_max_body_size\s+(\S+);/.exec(conf)![1]!);
    const largest = Math.max(CHECKLIST_PHOTO_MAX_BYTES, AVATAR_MAX_BYTES, PRODUCT_CSV_MAX_BYTES) + 64 * 1024;
    expect(limit).toBeGreaterThanOrEqual(largest);
    expect(limit).toBeLessThanOrEqual(2 * largest);
  });

  it('runs MinIO from its official image, its bucket made by a one-shot the api waits for', () => {
    expect(services.minio!.image).toMatch(/^minio\/minio:RELEASE\./);
    const bucket = services['minio-bucket']!;
    expect(bucket.image).toMatch(/^minio\/mc:RELEASE\./);
    expect(bucket.command?.join(' ')).toMatch(/mc mb --ignore-existing/);
    expect(bucket.depends_on?.minio?.condition).toBe('service_healthy');
    expect(services.api!.depends_on?.['minio-bucket']?.condition).toBe('service_completed_successfully');
    // the one-shot signs in with MinIO's own key, which is not the api's (that one switches the api to the bucket)
    for (const name of ['MINIO_ROOT_USER', 'MINIO_ROOT_PASSWORD']) {
      expect(bucket.environment?.[name]).toBe(services.minio!.environment?.[name]);
      expect(services.minio!.environment?.[name]).toMatch(new RegExp(`^\\$\\{${name}:-`));
      expect(bucket.command?.join(' ')).toContain(`"$$${name}"`);
    }
  });

  it('keeps the local upload folder the default: every S3_* empty unless the operator sets it, the folder on a volume', () => {
    // the API refuses S3 credentials or an endpoint without a bucket: a default for any of them would stop it
    expect(S3_SETTINGS.filter((name) => services.api!.environment?.[name] !== `\${${name}:-}`)).toEqual([]);
    expect(services.api!.volumes).toContain(`uploads:${services.api!.environment?.UPLOAD_DIR}`);
  });
});
