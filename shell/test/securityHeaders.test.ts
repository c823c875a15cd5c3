import { createHash } from 'node:crypto';
import { isDevApiPath, isLoopbackAddress, isLoopbackHost, refusesDevApiRequest } from '../../scripts/serve/devRoutesGuard';
import { remotesBootstrapScript } from '../../scripts/serve/remotesBootstrap';
import { inlineScriptHash, remoteOrigins, shellContentSecurityPolicy } from '../../scripts/serve/securityHeaders';

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
