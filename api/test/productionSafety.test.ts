import { execFileSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { loadConfig, REPO_ROOT } from '../src/config';
import { checkProductionSafety, describeRefusal, isMailCatcher, isPlainSequence, KNOWN_EXAMPLE_SECRETS, unsafeSecretReason } from '../src/productionSafety';
import { productionEnv } from './support/operatorSettings';

/** A production environment an operator would run: every required value set, none of them a demo or placeholder. */
function properEnv(overrides: Record<string, string | undefined> = {}): NodeJS.ProcessEnv {
  return productionEnv({
    SMTP_URL: 'smtps://no-reply%40cuahang-xedien.vn:k9Vq2xR7@smtp.mailgun.org:465',
    PAYOS_CLIENT_ID: 'a3f1c9e2-7b44-4d8e-9f10-2c6b8e4d1a77',
    PAYOS_API_KEY: '5d2e8b1f-93c4-4a7e-b0d6-e1f7a2c9d348',
    PAYOS_CHECKSUM_KEY: '9c41e7b2d05f8a63c1e9b74d2a0f5c8e31b6d97a4e2f0c5b8d1a3e6f9c2b7d40',
    SEPAY_WEBHOOK_KEY: 'Q7mZ2vK9xR4tL8pW1nB6cY3hJ5dF0sGe',
    ...overrides,
  });
}

const check = (overrides: Record<string, string | undefined> = {}) => checkProductionSafety(loadConfig(properEnv(overrides)));

describe('checkProductionSafety', () => {
  it('accepts a proper production configuration with no errors and no warnings', () => {
    expect(check()).toEqual({ errors: [], warnings: [] });
  });

  it('checks nothing outside production (development keeps its defaults)', () => {
    expect(checkProductionSafety(loadConfig({}))).toEqual({ errors: [], warnings: [] });
    expect(checkProductionSafety(loadConfig({ NODE_ENV: 'test', JWT_SECRET: KNOWN_EXAMPLE_SECRETS[0] }))).toEqual({ errors: [], warnings: [] });
  });

  describe('JWT_SECRET', () => {
    const secretErrors = (secret: string | undefined) => check({ JWT_SECRET: secret }).errors.filter((error) => error.startsWith('JWT_SECRET'));

    it('refuses a missing one', () => {
      expect(secretErrors(undefined)).toEqual([expect.stringMatching(/JWT_SECRET is not set.*openssl rand -base64 48/)]);
      expect(secretErrors('   ')).toHaveLength(1);
    });

    it.each(KNOWN_EXAMPLE_SECRETS.map((secret) => [secret]))('refuses the published example %s, without printing it', (secret) => {
      const errors = check({ JWT_SECRET: secret }).errors;
      expect(errors).toEqual([expect.stringMatching(/^JWT_SECRET is an example key published in this repository/)]);
      expect(describeRefusal(errors)).not.toContain(secret);
    });

    it.each([
      ['a placeholder', 'please-change-me-before-going-live-0123456789'],
      ['another placeholder', 'CHANGEME_CHANGEME_9f8e7d6c5b4a3210ABCDEFGH'],
      ['a human-chosen key naming itself', 'evshop-jwt-secret-2026-hanoi-production-key'],
      ['a "your-…" template', 'your-own-long-random-string-goes-here-0123456'],
      ['an example', 'an-example-value-of-the-jwt-key-XYZ0123456789'],
      ['one character repeated', 'x'.repeat(40)],
      ['a short pattern repeated', 'abcdefabcdefabcdefabcdefabcdefabcdef'],
      ['the alphabet and digits in order', 'abcdefghijklmnopqrstuvwxyz012345'],
      ['the digits in order, repeated', '0123456789'.repeat(4)],
      ['a run backwards', 'ZYXWVUTSRQPONMLKJIHGFEDCBA9876543210'],
      ['a ten-character block repeated', 'k9Vq2xR7mZ'.repeat(4)],
    ])('refuses %s', (_label, secret) => {
      const [error, ...others] = secretErrors(secret);
      expect(others).toEqual([]);
      expect(error).toMatch(/^JWT_SECRET (looks like a placeholder|has fewer than 10 different characters|is a plain sequence)/);
      expect(error).not.toContain(secret);
    });

    it('refuses one shorter than 32 characters (the pure check; loadConfig already throws)', () => {
      expect(unsafeSecretReason('k9Vq2xR7mZ4pL1sT')).toMatch(/shorter than 32/);
      expect(() => loadConfig(properEnv({ JWT_SECRET: 'k9Vq2xR7mZ4pL1sT' }))).toThrow(/JWT_SECRET/);
    });

    it('takes runs and repeated blocks for sequences, random draws not', () => {
      expect(['abcdefghijklmnopqrstuvwxyz012345', '0123456789'.repeat(4), 'ab'.repeat(16), 'k9Vq2xR7mZ'.repeat(4)].map(isPlainSequence)).toEqual([true, true, true, true]);
      expect(isPlainSequence('Q7mZ2vK9xR4tL8pW1nB6cY3hJ5dF0sGe')).toBe(false);
    });

    it('accepts generated keys (openssl rand -base64 48, hex, base64url)', () => {
      for (let i = 0; i < 200; i += 1) {
        for (const secret of [randomBytes(48).toString('base64'), randomBytes(32).toString('hex'), randomBytes(48).toString('base64url')]) {
          expect(unsafeSecretReason(secret)).toBeNull();
        }
      }
      // A draw that happens to hold a placeholder's letters inside a run of others (CI once drew one).
      expect(unsafeSecretReason('Q9xKtest_Zp3LmN8vR2sT6wY1aB4cD7eF0gH5jK8mP2qR5tVw')).toBeNull();
      expect(unsafeSecretReason('Zp3LmN8vR2sT6wY1aBSecretcD7eF0gH5jK8mP2qR5tVwQ9xK')).toBeNull();
      expect(unsafeSecretReason('Zp3LmN8vR2sT6wY1aB-secret-cD7eF0gH5jK8mP2qR5tVwQ9')).toMatch(/looks like a placeholder/);
    });
  });

  describe('PUBLIC_URL', () => {
    const publicUrlErrors = (publicUrl: string | undefined) => check({ PUBLIC_URL: publicUrl }).errors.filter((error) => error.startsWith('PUBLIC_URL'));

    it('refuses it unset (the development default http://localhost:3000)', () => {
      expect(publicUrlErrors(undefined)).toEqual([expect.stringMatching(/PUBLIC_URL is not set.*https/)]);
    });

    it.each(['http://cuahang-xedien.vn', 'http://localhost:3000'])('refuses a non-https origin %s', (url) => {
      expect(publicUrlErrors(url)).toEqual([expect.stringMatching(/is not https/)]);
    });

    it.each(['https://localhost', 'https://localhost:3000', 'https://127.0.0.1', 'https://127.0.1.1:8443', 'https://[::1]', 'https://shop.localhost', 'https://0.0.0.0', 'https://cuahang.example.vn', 'https://example.com', 'https://shop.test'])(
      'refuses %s (this machine or an example name)',
      (url) => {
        expect(publicUrlErrors(url)).toEqual([expect.stringMatching(/this machine or an example name/)]);
      },
    );

    it('accepts an https origin on a real name, with a port', () => {
      expect(publicUrlErrors('https://evservice.com.vn:8443')).toEqual([]);
    });
  });

  describe('VietQR account', () => {
    const vietQrErrors = (overrides: Record<string, string | undefined>) => check(overrides).errors.filter((error) => error.includes('VIETQR'));

    it('refuses it unset: the demo account would be on customers’ QR codes', () => {
      const errors = vietQrErrors({ VIETQR_BANK_BIN: undefined, VIETQR_ACCOUNT_NUMBER: undefined, VIETQR_ACCOUNT_NAME: undefined, VIETQR_BANK_NAME: undefined });
      expect(errors).toEqual([expect.stringMatching(/^VIETQR_BANK_BIN, VIETQR_ACCOUNT_NUMBER, VIETQR_ACCOUNT_NAME, VIETQR_BANK_NAME are not set/)]);
    });

    it('refuses it partly set (the rest would be the demo values)', () => {
      expect(vietQrErrors({ VIETQR_ACCOUNT_NUMBER: undefined })).toEqual([expect.stringMatching(/^VIETQR_ACCOUNT_NUMBER is not set/)]);
      expect(vietQrErrors({ VIETQR_BANK_NAME: '' })).toEqual([expect.stringMatching(/^VIETQR_BANK_NAME is not set/)]);
    });

    it('refuses the demo account set explicitly (as docker-compose used to)', () => {
      const demo = { VIETQR_BANK_BIN: '970436', VIETQR_ACCOUNT_NUMBER: '1023456789', VIETQR_ACCOUNT_NAME: 'CONG TY TNHH EV SERVICE', VIETQR_BANK_NAME: 'Vietcombank' };
      expect(vietQrErrors(demo)).toEqual([expect.stringMatching(/demo account 1023456789.*stranger/)]);
      expect(vietQrErrors({ VIETQR_ACCOUNT_NUMBER: '1023456789' })).toHaveLength(1);
    });

    it('accepts the shop’s own account at Vietcombank (970436 is a real bank)', () => {
      expect(vietQrErrors({ VIETQR_BANK_BIN: '970436', VIETQR_BANK_NAME: 'Vietcombank', VIETQR_ACCOUNT_NUMBER: '0451000123456' })).toEqual([]);
    });
  });

  describe('payOS and SePay keys', () => {
    const paymentErrors = (overrides: Record<string, string | undefined>) => check(overrides).errors.filter((error) => /PAYOS|SEPAY/.test(error));

    it('refuses the demo keys and placeholders, naming the settings and never the values', () => {
      const errors = paymentErrors({ PAYOS_CHECKSUM_KEY: 'demo-payos-checksum-key-0d1f8a6c2b', SEPAY_WEBHOOK_KEY: 'your-sepay-key' });
      expect(errors).toEqual([expect.stringMatching(/^PAYOS_CHECKSUM_KEY, SEPAY_WEBHOOK_KEY are demo or placeholder keys/)]);
      expect(errors[0]).not.toContain('0d1f8a6c2b');
      expect(paymentErrors({ PAYOS_API_URL: 'http://api-merchant.payos.vn' })).toEqual([expect.stringMatching(/^PAYOS_API_URL is not https/)]);
    });

    it.each([
      ['a one-character SePay key', { SEPAY_WEBHOOK_KEY: '1' }, 'SEPAY_WEBHOOK_KEY is'],
      ['a three-character checksum key', { PAYOS_CHECKSUM_KEY: 'abc' }, 'PAYOS_CHECKSUM_KEY is'],
      ['a long key of few characters', { PAYOS_API_KEY: 'ab12'.repeat(10) }, 'PAYOS_API_KEY is'],
      ['a plain sequence', { SEPAY_WEBHOOK_KEY: 'abcdefghijklmnopqrstuvwxyz012345' }, 'SEPAY_WEBHOOK_KEY is'],
      ['both at once', { SEPAY_WEBHOOK_KEY: '1', PAYOS_CHECKSUM_KEY: 'abc' }, 'PAYOS_CHECKSUM_KEY, SEPAY_WEBHOOK_KEY are'],
    ])('refuses %s, naming the setting and not the value', (_label, overrides, named) => {
      const errors = paymentErrors(overrides);
      expect(errors).toEqual([expect.stringMatching(new RegExp(`^${named} too weak for a key \\(shorter than 32 characters, fewer than 10 different characters or a plain sequence`))]);
      for (const value of Object.values(overrides)) if (value.length > 1) expect(errors[0]).not.toContain(value);
    });

    it('does not measure the payOS client id (it names the channel, it is not a secret)', () => {
      expect(paymentErrors({ PAYOS_CLIENT_ID: 'shop-01' })).toEqual([]);
    });

    it('accepts keys as payOS issues them and as openssl generates them', () => {
      for (let i = 0; i < 200; i += 1) {
        const keys = { PAYOS_API_KEY: randomUUID(), PAYOS_CHECKSUM_KEY: randomBytes(32).toString('hex'), SEPAY_WEBHOOK_KEY: i % 2 ? randomBytes(32).toString('hex') : randomBytes(48).toString('base64') };
        expect(paymentErrors(keys)).toEqual([]);
      }
    });

    it('starts without them (payOS off, transfers confirmed by hand) and says so', () => {
      const result = check({ PAYOS_CLIENT_ID: undefined, SEPAY_WEBHOOK_KEY: undefined });
      expect(result.errors).toEqual([]);
      expect(result.warnings).toEqual([expect.stringMatching(/^PAYOS_CLIENT_ID.*payOS payment links are off/), expect.stringMatching(/^SEPAY_WEBHOOK_KEY is not set/)]);
      expect(loadConfig(properEnv({ PAYOS_API_KEY: undefined })).payOs).toBeNull();
    });

    it('gives development the stand-in and demo keys, production the real payOS address', () => {
      expect(loadConfig({}).payOs).toEqual(expect.objectContaining({ apiUrl: 'http://localhost:3000/api/dev/payos', standIn: true }));
      expect(loadConfig({}).sepayWebhookKey).toEqual(expect.any(String));
      expect(loadConfig(properEnv()).payOs).toEqual(expect.objectContaining({ apiUrl: 'https://api-merchant.payos.vn', standIn: false }));
    });
  });

  describe('seller of receipts and VAT invoices', () => {
    const sellerErrors = (overrides: Record<string, string | undefined>) => check(overrides).errors.filter((error) => error.startsWith('SHOP_'));

    it('refuses it unset or partly set: the demo company would be on customers’ invoices', () => {
      expect(sellerErrors({ SHOP_LEGAL_NAME: undefined, SHOP_TAX_CODE: undefined, SHOP_ADDRESS: undefined })).toEqual([
        expect.stringMatching(/^SHOP_LEGAL_NAME, SHOP_TAX_CODE, SHOP_ADDRESS are not set/),
      ]);
      expect(sellerErrors({ SHOP_ADDRESS: undefined })).toEqual([expect.stringMatching(/^SHOP_ADDRESS is not set/)]);
    });

    it('refuses the demo tax code and placeholder names', () => {
      expect(sellerErrors({ SHOP_TAX_CODE: '0123456787' })).toEqual([expect.stringMatching(/demo seller or a placeholder/)]);
      expect(sellerErrors({ SHOP_LEGAL_NAME: 'Your company name' })).toHaveLength(1);
    });

    it('will not load a tax code with a wrong check digit, and normalises a branch code', () => {
      expect(() => loadConfig(properEnv({ SHOP_TAX_CODE: '0100233480' }))).toThrow(/SHOP_TAX_CODE/);
      expect(loadConfig(properEnv({ SHOP_TAX_CODE: '0314409058002' })).seller.taxCode).toBe('0314409058-002');
    });
  });

  it('names every unsafe value at once, one per line', () => {
    const { errors } = checkProductionSafety(loadConfig({ NODE_ENV: 'production' }));
    expect(errors.map((error) => error.split(' ')[0])).toEqual(['JWT_SECRET', 'PUBLIC_URL', 'VIETQR_BANK_BIN,', 'SHOP_LEGAL_NAME,']);
    expect(describeRefusal(errors).split('\n')).toHaveLength(5);
  });

  describe('warnings (the API starts, and says so once)', () => {
    it('warns about SQLite when DATABASE_URL is unset', () => {
      expect(check({ DATABASE_URL: undefined })).toEqual({ errors: [], warnings: [expect.stringMatching(/^DATABASE_URL is not set: production runs on SQLite/)] });
    });

    it.each(['smtp://mail:1025', 'smtp://mailpit:1025', 'smtp://mailhog:1025', 'smtp://localhost:1025', 'smtp://127.0.0.1:1025', 'smtp://evshop-mailpit-1:2525'])(
      'warns that %s is a mail catcher',
      (smtpUrl) => {
        expect(check({ SMTP_URL: smtpUrl })).toEqual({ errors: [], warnings: [expect.stringMatching(/^SMTP_URL points at a development mail catcher/)] });
      },
    );

    it.each(['smtp://smtp.mailgun.org:587', 'smtp://mail:587', 'smtps://mail.cuahang-xedien.vn:465'])('takes %s for a real mail server', (smtpUrl) => {
      expect(isMailCatcher(smtpUrl)).toBe(false);
    });

    it('warns that throttling counters and live events are per process without REDIS_URL', () => {
      expect(check({ REDIS_URL: undefined })).toEqual({ errors: [], warnings: [expect.stringMatching(/^REDIS_URL is not set: login-throttling counters and live appointment events are kept per process; several API instances would count apart/)] });
    });
  });
});

/** The repository's files as git sees them (tracked, and new ones not ignored), text only. */
function repositoryFiles(): string[] {
  const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], { cwd: REPO_ROOT, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return listed
    .split('\0')
    .filter((file) => file && !/\.(png|jpe?g|gif|webp|ico|woff2?|sqlite|gz|zip|pdf)$/i.test(file) && !file.endsWith('package-lock.json'))
    .map((file) => path.join(REPO_ROOT, file))
    .filter((file) => existsSync(file) && statSync(file).isFile() && statSync(file).size < 2_000_000);
}

/** Values given to an access-token key anywhere in a text: env assignments, compose defaults, config objects. */
const SECRET_ASSIGNMENTS = [
  /\$\{JWT_SECRET:-([^}]*)\}/g,
  /JWT_SECRET\s*[:=]\s*['"`]?([^'"`\s$][^'"`\s]*)/g,
  /jwtSecret\s*[:=]\s*['"`]([^'"`]+)['"`]/g,
];

describe('the access-token keys written in this repository', () => {
  const found = new Map<string, string>();
  for (const file of repositoryFiles()) {
    const text = readFileSync(file, 'utf8');
    if (!/jwt_?secret/i.test(text)) continue;
    for (const pattern of SECRET_ASSIGNMENTS) {
      for (const match of text.matchAll(pattern)) {
        const value = match[1]!.trim();
        if (value.length >= 32 && !found.has(value)) found.set(value, path.relative(REPO_ROOT, file));
      }
    }
  }

  it('are found by the scan (the tests’ and the benchmarks’ keys at least)', () => {
    expect([...found.keys()]).toEqual(expect.arrayContaining(['test-secret-test-secret-test-secret-0123456789', 'bench-secret-bench-secret-bench-secret-0123']));
  });

  it('are each refused in production', () => {
    const accepted = [...found].filter(([secret]) => unsafeSecretReason(secret) === null).map(([secret, file]) => `${file}: ${secret}`);
    expect(accepted).toEqual([]);
  });
});

describe('.env.example', () => {
  /** The file's KEY=value lines, as compose reads them. */
  function exampleEnv(): NodeJS.ProcessEnv {
    const env: NodeJS.ProcessEnv = {};
    for (const line of readFileSync(path.join(REPO_ROOT, '.env.example'), 'utf8').split('\n')) {
      const match = /^([A-Z_][A-Z0-9_]*)=(.*)$/.exec(line.trim());
      if (match) env[match[1]!] = match[2];
    }
    return env;
  }

  it('documents every setting production requires', () => {
    expect(Object.keys(exampleEnv())).toEqual(
      expect.arrayContaining(['JWT_SECRET', 'PUBLIC_URL', 'SMTP_URL', 'VIETQR_BANK_BIN', 'VIETQR_ACCOUNT_NUMBER', 'VIETQR_ACCOUNT_NAME', 'VIETQR_BANK_NAME', 'SHOP_LEGAL_NAME', 'SHOP_TAX_CODE', 'SHOP_ADDRESS']),
    );
  });

  it('holds nothing production accepts as it stands', () => {
    const { errors } = checkProductionSafety(loadConfig({ ...exampleEnv(), NODE_ENV: 'production' }));
    expect(errors).toEqual([
      expect.stringMatching(/^JWT_SECRET/),
      expect.stringMatching(/^PUBLIC_URL .*example name/),
      expect.stringMatching(/^VIETQR_BANK_BIN, VIETQR_ACCOUNT_NUMBER, VIETQR_ACCOUNT_NAME, VIETQR_BANK_NAME are not set/),
      expect.stringMatching(/^SHOP_LEGAL_NAME, SHOP_TAX_CODE, SHOP_ADDRESS are not set/),
    ]);
  });
});
