import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { isDevApiPath, isLoopbackAddress, isLoopbackHost, refusesDevApiRequest } from '../../scripts/serve/devRoutesGuard';
import { remotesBootstrapScript } from '../../scripts/serve/remotesBootstrap';
import { inlineScriptHash, remoteOrigins, shellContentSecurityPolicy } from '../../scripts/serve/securityHeaders';

const REPO_ROOT = path.resolve(__dirname, '..', '..');

/** The directives of a Content-Security-Policy, by name. */
function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => Boolean(name))
      .map(([name, ...sources]) => [name!, sources]),
  );
}

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

describe('the site proxy keeps /api/dev/* for this machine (devRoutesGuard)', () => {
  it.each([
    '/api/dev/outbox',
    '/api/dev',
    '/API/DEV/OUTBOX',
    '/api/Dev/outbox/',
    '/api/%64ev/outbox',
    '/api/%64%65%76/outbox',
    '/api//dev/outbox',
    '//api/dev/outbox',
    '/api/./dev/outbox',
    '/api/%2e/dev/outbox',
    '/api/x/../dev/outbox',
    '/api/dev;x',
    '/api/dev/outbox?x=1',
    '/api\\dev\\outbox',
  ])('reads %s as a development path', (url) => {
    expect(isDevApiPath(url)).toBe(true);
  });

  it.each(['/api/health', '/api/devices', '/api/auth/dev', '/dev/outbox', '/api/catalogue/dev-kit', '/api', '/'])('leaves %s alone', (url) => {
    expect(isDevApiPath(url)).toBe(false);
  });

  it('judges the client by its socket address: only loopback may pass', () => {
    for (const address of ['127.0.0.1', '127.8.0.1', '::1', '::ffff:127.0.0.1']) {
      expect(isLoopbackAddress(address)).toBe(true);
      expect(refusesDevApiRequest('/api/dev/outbox', address)).toBe(false);
    }
    for (const address of ['203.0.113.9', '10.0.0.2', '::ffff:192.168.1.4', '2001:db8::1', '::', '0.0.0.0', '', undefined]) {
      expect(isLoopbackAddress(address)).toBe(false);
      expect(refusesDevApiRequest('/api/dev/outbox', address)).toBe(true);
      expect(refusesDevApiRequest('/api/health', address)).toBe(false);
    }
  });

  it('tells a listen address of this machine from one reachable elsewhere', () => {
    expect(['127.0.0.1', 'localhost', '::1', '[::1]'].map(isLoopbackHost)).toEqual([true, true, true, true]);
    expect(['0.0.0.0', '::', '192.168.1.4', 'api.evshop.vn'].map(isLoopbackHost)).toEqual([false, false, false, false]);
  });
});

describe("the shell page's Content-Security-Policy", () => {
  const manifest = {
    mfe_storefront: 'http://localhost:3001/mf-manifest.json',
    mfe_account: 'https://Account.EvShop.vn/remotes/account/mf-manifest.json',
    mfe_backoffice: '/remotes/backoffice/mf-manifest.json',
  };

  it('takes the remotes’ origins from the manifest, ignoring paths and values that are not URLs', () => {
    expect(remoteOrigins(manifest)).toEqual(['http://localhost:3001', 'https://account.evshop.vn']);
    expect(remoteOrigins({ a: 42, b: 'else', c: 'javascript:alert(1)', d: 'http://localhost:3001/x.json', e: 'http://localhost:3001/y.json' })).toEqual([
      'http://localhost:3001',
    ]);
    expect(remoteOrigins(null)).toEqual([]);
  });

  it('hashes the text of the inline bootstrap script', () => {
    const script = remotesBootstrapScript(manifest);
    const text = script.slice('<script>'.length, -'</script>'.length);
    expect(inlineScriptHash(script)).toBe(sha256(text));
  });

  it('lets scripts come from the shell, the remotes, Google’s sign-in and the hashed bootstrap only', () => {
    const hash = inlineScriptHash(remotesBootstrapScript(manifest));
    const policy = directives(shellContentSecurityPolicy({ remoteOrigins: remoteOrigins(manifest), inlineScriptHashes: [hash] }));
    expect(policy.get('script-src')).toEqual(["'self'", 'http://localhost:3001', 'https://account.evshop.vn', 'https://accounts.google.com/gsi/client', hash]);
    expect(policy.get('default-src')).toEqual(["'self'"]);
    expect(policy.get('connect-src')).toEqual(["'self'", 'http://localhost:3001', 'https://account.evshop.vn', 'https://accounts.google.com/gsi/']);
    expect(policy.get('img-src')).toEqual(expect.arrayContaining(["'self'", 'data:', 'blob:', 'http://localhost:3001']));
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(["'self'"]);
    expect(policy.get('form-action')).toEqual(["'self'"]);
  });
});

describe('the nginx shell container (40-remotes-manifest.sh)', () => {
  let work: string;
  beforeEach(() => {
    work = mkdtempSync(path.join(tmpdir(), 'ev-nginx-'));
    mkdirSync(path.join(work, 'html'));
    writeFileSync(path.join(work, 'html', 'index.html'), '<!doctype html>\n<html lang="vi"><head><meta charset="utf-8"><title>EV Service — Dịch vụ</title></head><body></body></html>\n');
  });
  afterEach(() => rmSync(work, { recursive: true, force: true }));

  function runEntrypoint(env: Record<string, string>): { html: string; headers: string; manifest: unknown } {
    const runtime = path.join(work, 'runtime');
    const result = spawnSync('sh', [path.join(REPO_ROOT, 'scripts/docker/40-remotes-manifest.sh')], {
      env: { PATH: process.env.PATH, EV_HTML_ROOT: path.join(work, 'html'), EV_RUNTIME_DIR: runtime, ...env },
      encoding: 'utf8',
    });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    return {
      html: readFileSync(path.join(runtime, 'index.html'), 'utf8'),
      headers: readFileSync(path.join(runtime, 'security-headers.conf'), 'utf8'),
      manifest: JSON.parse(readFileSync(path.join(runtime, 'remotes.json'), 'utf8')) as unknown,
    };
  }

  it('writes the same policy as `npm start`, with the hash of the script it put into index.html', () => {
    const { html, headers, manifest } = runEntrypoint({
      REMOTE_STOREFRONT_URL: 'http://localhost:3001',
      REMOTE_ACCOUNT_URL: 'https://Account.EvShop.vn/remotes/account/',
      REMOTE_BACKOFFICE_URL: '/remotes/backoffice/mf-manifest.json',
    });
    const inline = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1]!);
    expect(inline).toHaveLength(1);
    expect(html.indexOf('<script>')).toBeLessThan(html.indexOf('<title>'));
    // the script the container writes does what the one of `npm start` does (only the JSON's spacing differs)
    expect(inline[0]!.replace(/\s+/g, '')).toBe(remotesBootstrapScript(manifest).slice('<script>'.length, -'</script>'.length).replace(/\s+/g, ''));

    const policy = /add_header Content-Security-Policy "([^"]+)" always;/.exec(headers)?.[1];
    expect(policy).toBe(shellContentSecurityPolicy({ remoteOrigins: remoteOrigins(manifest), inlineScriptHashes: [sha256(inline[0]!)] }));
    expect(headers).toContain('add_header X-Content-Type-Options "nosniff" always;');
    expect(headers).toContain('add_header X-Frame-Options "DENY" always;');
    expect(headers).toContain('add_header Referrer-Policy "strict-origin-when-cross-origin" always;');
    // HSTS by the scheme the browser used (nginx-shell.conf's map: empty, so not sent, over plain http).
    expect(headers).toContain('add_header Strict-Transport-Security $strict_transport_security always;');
  });

  it('names each remote origin once', () => {
    const { headers } = runEntrypoint({
      REMOTE_STOREFRONT_URL: 'https://remotes.evshop.vn/storefront',
      REMOTE_ACCOUNT_URL: 'https://remotes.evshop.vn/account',
      REMOTE_BACKOFFICE_URL: 'https://remotes.evshop.vn/backoffice',
    });
    const policy = directives(/Content-Security-Policy "([^"]+)"/.exec(headers)![1]!);
    expect(policy.get('script-src')!.filter((source) => source === 'https://remotes.evshop.vn')).toHaveLength(1);
  });

  it('every nginx location but /api includes those headers', () => {
    const conf = readFileSync(path.join(REPO_ROOT, 'scripts/docker/nginx-shell.conf'), 'utf8');
    const locations = [...conf.matchAll(/^\s*location (.+) \{$([\s\S]*?)^\s*\}$/gm)].map((match) => ({ path: match[1]!.trim(), body: match[2]! }));
    expect(locations.length).toBeGreaterThanOrEqual(4);
    for (const location of locations) {
      const includes = location.body.includes('include /tmp/runtime/security-headers.conf;');
      expect({ path: location.path, includes }).toEqual({ path: location.path, includes: location.path !== '/api/' });
    }
  });
});
