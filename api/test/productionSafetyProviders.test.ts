import webPush from 'web-push';
import { DEMO_NOTIFICATION_KEYS, loadConfig } from '../src/config';
import { checkProductionSafety, describeRefusal, isVapidKeyPair, unsafeSmtpReason } from '../src/productionSafety';
import { productionEnv } from './support/operatorSettings';

/**
 * Production's floors for every provider's key and address (issue 63 §4): Zalo ZNS, eSMS, Web Push, SMTP, object
 * storage, Google sign-in, payOS. Each refuses '1', a demo value, a short key, wrong characters and a plain-http
 * address, and accepts what the provider issues.
 */

const shopVapid = webPush.generateVAPIDKeys();
const otherVapid = webPush.generateVAPIDKeys();

/** Every provider configured as an operator would: the guard lets it pass with no error and no warning. */
const PROVIDERS = {
  SMTP_URL: 'smtps://no-reply%40cuahang-xedien.vn:k9Vq2xR7@smtp.mailgun.org:465',
  VAPID_PUBLIC_KEY: shopVapid.publicKey,
  VAPID_PRIVATE_KEY: shopVapid.privateKey,
  VAPID_SUBJECT: 'mailto:cskh@cuahang-xedien.vn',
  ZALO_ZNS_ACCESS_TOKEN: 'hJ7vQ2m_xK9pR4tL8wB1nC6yZ3dF5sGeA0uIoPlMkNjHbVgTfRcDxEsWaQzYu-Xt',
  ZALO_ZNS_TEMPLATES: '{"booking_confirmed":"231456"}',
  ESMS_API_KEY: 'B7C1E9F4A2D83C6E5F0A1B2C3D4E5F60',
  ESMS_SECRET_KEY: '9E8D7C6B5A4F3E2D1C0B9A8F7E6D5C4B',
  ESMS_BRANDNAME: 'XEDIENHN',
  S3_ENDPOINT: 'https://s3.ap-southeast-1.wasabisys.com',
  S3_BUCKET: 'evshop-uploads',
  S3_ACCESS_KEY_ID: 'AKIAZ3MHQ7VXN2K4PLRT',
  S3_SECRET_ACCESS_KEY: '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',
  GOOGLE_CLIENT_ID: '402718956314-k3v9q2x7r4m8p1s6t0w5y2z9a4b7c1d3.apps.googleusercontent.com',
  GOOGLE_CLIENT_SECRET: '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',
  PAYOS_CLIENT_ID: 'a3f1c9e2-7b44-4d8e-9f10-2c6b8e4d1a77',
  PAYOS_API_KEY: '5d2e8b1f-93c4-4a7e-b0d6-e1f7a2c9d348',
  PAYOS_CHECKSUM_KEY: '9c41e7b2d05f8a63c1e9b74d2a0f5c8e31b6d97a4e2f0c5b8d1a3e6f9c2b7d40',
  SEPAY_WEBHOOK_KEY: 'Q7mZ2vK9xR4tL8pW1nB6cY3hJ5dF0sGe',
  E_INVOICE_PROVIDER: 'misa',
  E_INVOICE_API_URL: 'https://api.meinvoice.vn/api/v3',
  E_INVOICE_APP_ID: '0F5A8C2E-3B7D-4E91-A6C4-9D2B1E7F0A35',
  E_INVOICE_USERNAME: 'ketoan@cuahang-xedien.vn',
  E_INVOICE_PASSWORD: 'Xq7#mZ2v!K9xR4tL',
  E_INVOICE_SERIES: '1C26TYY',
};

/** A proper production environment with every provider configured, `overrides` last. */
function withProviders(overrides: Record<string, string | undefined> = {}): NodeJS.ProcessEnv {
  return productionEnv({ ...PROVIDERS, ...overrides });
}

const check = (overrides: Record<string, string | undefined> = {}) => checkProductionSafety(loadConfig(withProviders(overrides)));
/** The errors naming `setting` (as the first word of the message, alone or in a list). */
const errorsOf = (setting: string, overrides: Record<string, string | undefined>) => check(overrides).errors.filter((error) => error.split(/[ ,]/)[0] === setting);

/** The refusal must never print a key (only the setting's name and what is wrong). */
function expectNoKeyPrinted(overrides: Record<string, string | undefined>): void {
  const refusal = describeRefusal(check(overrides).errors);
  for (const value of Object.values(overrides)) if (value && value.length > 3 && !/^(https?|smtps?):/.test(value)) expect(refusal).not.toContain(value);
}

describe('production’s floors for the providers’ keys and addresses', () => {
  it('accept every provider configured as the provider issues its keys, with no error and no warning', () => {
    expect(check()).toEqual({ errors: [], warnings: [] });
  });

  it('check nothing outside production (development and tests keep the stand-ins and demo keys)', () => {
    const weak = { ZALO_ZNS_ACCESS_TOKEN: '1', ESMS_API_KEY: '1', ESMS_SECRET_KEY: '1', S3_ENDPOINT: 'http://s3.cuahang-xedien.vn', S3_BUCKET: 'evshop', S3_ACCESS_KEY_ID: '1', S3_SECRET_ACCESS_KEY: '1', GOOGLE_CLIENT_ID: 'id.apps', GOOGLE_CLIENT_SECRET: 's', SMTP_URL: 'smtp://u:p@smtp.mailgun.org:25' };
    expect(checkProductionSafety(loadConfig(weak))).toEqual({ errors: [], warnings: [] });
    expect(checkProductionSafety(loadConfig({ NODE_ENV: 'test', ...weak }))).toEqual({ errors: [], warnings: [] });
  });

  describe('ZALO_ZNS_ACCESS_TOKEN', () => {
    it.each([
      ['1', '1', /is too weak for a key \(shorter than 32 characters\)/],
      ['the demo token', DEMO_NOTIFICATION_KEYS.zaloAccessToken, /is a demo or placeholder key/],
      ['a short token', 'hJ7vQ2m_xK9pR4tL8wB1', /shorter than 32 characters/],
      ['a token pasted with its label', 'Bearer hJ7vQ2m_xK9pR4tL8wB1nC6yZ3dF5sGeA0u', /holds characters other than letters, digits/],
      ['a token in quotes', '"hJ7vQ2m_xK9pR4tL8wB1nC6yZ3dF5sGeA0u"', /holds characters other than/],
      ['few different characters', 'ab12'.repeat(10), /fewer than 10 different characters/],
      ['a plain sequence', 'abcdefghijklmnopqrstuvwxyz0123456789', /a plain sequence/],
    ])('refuses %s', (_label, token, message) => {
      expect(errorsOf('ZALO_ZNS_ACCESS_TOKEN', { ZALO_ZNS_ACCESS_TOKEN: token })).toEqual([expect.stringMatching(message)]);
      expectNoKeyPrinted({ ZALO_ZNS_ACCESS_TOKEN: token });
    });

    it('refuses a plain-http or local API address, and warns when no template is named', () => {
      expect(errorsOf('ZALO_ZNS_API_URL', { ZALO_ZNS_API_URL: 'http://business.openapi.zalo.me' })).toEqual([expect.stringMatching(/is not https/)]);
      expect(errorsOf('ZALO_ZNS_API_URL', { ZALO_ZNS_API_URL: 'http://localhost:4000' })).toEqual([expect.stringMatching(/development stand-in or this machine/)]);
      expect(check({ ZALO_ZNS_TEMPLATES: undefined }).warnings).toEqual([expect.stringMatching(/^ZALO_ZNS_ACCESS_TOKEN is set but ZALO_ZNS_TEMPLATES names no template/)]);
    });
  });

  describe('eSMS', () => {
    it.each([
      ['ESMS_API_KEY', '1', /shorter than 24 characters/],
      ['ESMS_SECRET_KEY', '1', /shorter than 24 characters/],
      ['ESMS_API_KEY', DEMO_NOTIFICATION_KEYS.esmsApiKey, /is a demo or placeholder key/],
      ['ESMS_SECRET_KEY', '9E8D7C6B5A4F3E2D1C0B9A8F7E6D5C4B '.trim() + '-x', /holds characters other than letters and digits/],
      ['ESMS_API_KEY', 'A1B2'.repeat(8), /fewer than 10 different characters/],
      ['ESMS_SECRET_KEY', 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', /a plain sequence/],
    ])('refuses %s = %s', (name, value, message) => {
      expect(errorsOf(name, { [name]: value })).toEqual([expect.stringMatching(message)]);
      expectNoKeyPrinted({ [name]: value });
    });

    it('refuses the keys without a brandname (development’s sender), and a brandname that is not one', () => {
      expect(errorsOf('ESMS_BRANDNAME', { ESMS_BRANDNAME: undefined })).toEqual([expect.stringMatching(/^ESMS_BRANDNAME is not set \(SMS would go out under development's sender EVSERVICE/)]);
      expect(errorsOf('ESMS_BRANDNAME', { ESMS_BRANDNAME: '"XEDIEN"' })).toEqual([expect.stringMatching(/is not a brandname/)]);
      expect(errorsOf('ESMS_BRANDNAME', { ESMS_BRANDNAME: 'Xe Dien HN' })).toEqual([]);
      expect(errorsOf('ESMS_BRANDNAME', { ESMS_API_KEY: undefined, ESMS_SECRET_KEY: undefined, ESMS_BRANDNAME: undefined })).toEqual([]);
    });

    it('refuses a plain-http API address', () => {
      expect(errorsOf('ESMS_API_URL', { ESMS_API_URL: 'http://rest.esms.vn' })).toEqual([expect.stringMatching(/is not https/)]);
    });
  });

  describe('Web Push (VAPID)', () => {
    it('refuses two keys that are not one pair (browsers would refuse every push)', () => {
      expect(isVapidKeyPair(shopVapid.publicKey, shopVapid.privateKey)).toBe(true);
      expect(isVapidKeyPair(otherVapid.publicKey, shopVapid.privateKey)).toBe(false);
      expect(isVapidKeyPair(shopVapid.publicKey, Buffer.alloc(32).toString('base64url'))).toBe(false);
      expect(errorsOf('VAPID_PUBLIC_KEY', { VAPID_PUBLIC_KEY: otherVapid.publicKey })).toEqual([expect.stringMatching(/^VAPID_PUBLIC_KEY is not the public key of VAPID_PRIVATE_KEY/)]);
      expect(describeRefusal(check({ VAPID_PUBLIC_KEY: otherVapid.publicKey }).errors)).not.toContain(shopVapid.privateKey);
    });

    it('refuses the demo pair, and a private key of zeros', () => {
      expect(check({ VAPID_PUBLIC_KEY: DEMO_NOTIFICATION_KEYS.vapidPublicKey, VAPID_PRIVATE_KEY: DEMO_NOTIFICATION_KEYS.vapidPrivateKey }).errors).toEqual([expect.stringMatching(/VAPID_PRIVATE_KEY, VAPID_PUBLIC_KEY are demo or placeholder keys/)]);
      expect(errorsOf('VAPID_PUBLIC_KEY', { VAPID_PRIVATE_KEY: Buffer.alloc(32).toString('base64url') })).toHaveLength(1);
    });

    it.each(['mailto:admin@example.com', 'https://localhost', 'mailto:your-email@cuahang.vn'])('refuses the subject %s', (subject) => {
      expect(errorsOf('VAPID_SUBJECT', { VAPID_SUBJECT: subject })).toEqual([expect.stringMatching(/placeholder, this machine or an example name/)]);
    });

    it('accepts the shop’s https site as the subject', () => {
      expect(errorsOf('VAPID_SUBJECT', { VAPID_SUBJECT: 'https://cuahang-xedien.vn' })).toEqual([]);
    });
  });

  describe('SMTP_URL', () => {
    it.each(['smtp://no-reply:k9Vq2xR7@smtp.mailgun.org:587', 'smtp://no-reply:k9Vq2xR7@smtp.mailgun.org:25', 'smtp://no-reply:k9Vq2xR7@203.0.113.7:587?requireTLS=true&ignoreTLS=true'])(
      'refuses the password over %s without TLS required',
      (smtpUrl) => {
        const errors = errorsOf('SMTP_URL', { SMTP_URL: smtpUrl });
        expect(errors).toEqual([expect.stringMatching(/^SMTP_URL sends the mail server's password to .* over smtp:\/\/ without requiring TLS.*smtps:\/\/.*requireTLS=true/)]);
        expect(errors[0]).not.toContain('k9Vq2xR7');
      },
    );

    it.each([
      'smtps://no-reply:k9Vq2xR7@smtp.mailgun.org:465',
      'smtp://no-reply:k9Vq2xR7@smtp.mailgun.org:587?requireTLS=true',
      'smtp://smtp-relay.cuahang-xedien.vn:25',
      'smtp://no-reply:k9Vq2xR7@127.0.0.1:25',
      'smtp://no-reply:k9Vq2xR7@postfix:587',
    ])('accepts %s (TLS, STARTTLS required, no password, this machine or a private network name)', (smtpUrl) => {
      expect(unsafeSmtpReason(smtpUrl)).toBeNull();
      expect(check({ SMTP_URL: smtpUrl }).errors).toEqual([]);
    });
  });

  describe('object storage (S3_*)', () => {
    it.each(['http://s3.ap-southeast-1.wasabisys.com', 'http://203.0.113.7:9000', 'http://10.0.0.5:9000'])('refuses the plain-http endpoint %s', (endpoint) => {
      expect(errorsOf('S3_ENDPOINT', { S3_ENDPOINT: endpoint })).toEqual([expect.stringMatching(/^S3_ENDPOINT .* is not https/)]);
    });

    it('refuses an example name, accepts this machine, and warns about compose’s MinIO over http', () => {
      expect(errorsOf('S3_ENDPOINT', { S3_ENDPOINT: 'https://s3.example.com' })).toEqual([expect.stringMatching(/is an example name/)]);
      expect(check({ S3_ENDPOINT: 'http://127.0.0.1:9000' })).toEqual({ errors: [], warnings: [] });
      expect(check({ S3_ENDPOINT: 'http://minio:9000' })).toEqual({ errors: [], warnings: [expect.stringMatching(/^S3_ENDPOINT http:\/\/minio:9000 is plain http.*compose's MinIO/)] });
      expect(check({ S3_ENDPOINT: undefined }).errors).toEqual([]); // AWS S3 of the region
    });

    it.each([
      ['S3_ACCESS_KEY_ID', '1', /^S3_ACCESS_KEY_ID is not an access key/],
      ['S3_ACCESS_KEY_ID', 'AKIA Z3MHQ7VXN2K4PLRT', /^S3_ACCESS_KEY_ID is not an access key/],
      ['S3_SECRET_ACCESS_KEY', 'abcdefghijklmnopqrstuvwxyz', /^S3_SECRET_ACCESS_KEY is too weak for a key \(a plain sequence/],
      ['S3_SECRET_ACCESS_KEY', 'k9k9k9k9k9k9k9k9k9k9', /fewer than 10 different characters/],
      ['S3_SECRET_ACCESS_KEY', 'wJalrXUtnFEMI K7MDENG bPxRfiCYzQ9s', /holds characters other than/],
    ])('refuses %s = %s', (name, value, message) => {
      expect(errorsOf(name, { [name]: value })).toEqual([expect.stringMatching(message)]);
      expectNoKeyPrinted({ [name]: value });
    });

    it('still refuses MinIO’s defaults and short secrets when the configuration is read', () => {
      expect(() => loadConfig(withProviders({ S3_ACCESS_KEY_ID: 'minioadmin' }))).toThrow(/S3_ACCESS_KEY_ID looks like a default/);
      expect(() => loadConfig(withProviders({ S3_SECRET_ACCESS_KEY: '1' }))).toThrow(/shorter than 16 characters/);
    });
  });

  describe('Google sign-in', () => {
    it.each(['1', 'id.apps', 'your-client-id.apps.googleusercontent.com'])('refuses the client id %s', (clientId) => {
      expect(errorsOf('GOOGLE_CLIENT_ID', { GOOGLE_CLIENT_ID: clientId })).toEqual([expect.stringMatching(/is not a Google OAuth client id/)]);
    });

    it.each([
      ['1', /shorter than 24 characters/],
      ['GOCSPX-short', /shorter than 24 characters/],
      ['GOCSPX-Xq7mZ2vK9xR4tL8pW1nB6cY3h/5d', /holds characters other than letters, digits, _ and -/],
      ['replace-with-the-client-secret', /is a placeholder/],
      ['GOCSPX-abcdefghijklmnopqrstuvwxyz', /a plain sequence/],
    ])('refuses the client secret %s', (secret, message) => {
      expect(errorsOf('GOOGLE_CLIENT_SECRET', { GOOGLE_CLIENT_SECRET: secret })).toEqual([expect.stringMatching(message)]);
      expectNoKeyPrinted({ GOOGLE_CLIENT_SECRET: secret });
    });

    it('refuses a stand-in’s or plain-http endpoints, and leaves them alone while sign-in is off', () => {
      const standIn = { GOOGLE_JWKS_URL: 'http://127.0.0.1:9999/jwks', GOOGLE_ISSUER: 'http://127.0.0.1:9999', GOOGLE_AUTH_URL: 'https://accounts.google.com/o/oauth2/v2/auth', GOOGLE_TOKEN_URL: 'http://oauth2.googleapis.com/token', GOOGLE_REDIRECT_URI: 'http://cuahang-xedien.vn/api/auth/google/callback' };
      expect(errorsOf('GOOGLE_JWKS_URL', standIn)).toEqual([expect.stringMatching(/^GOOGLE_JWKS_URL, GOOGLE_TOKEN_URL, GOOGLE_REDIRECT_URI, GOOGLE_ISSUER are not https or point at a stand-in/)]);
      expect(check({ ...standIn, GOOGLE_CLIENT_ID: undefined, GOOGLE_CLIENT_SECRET: undefined }).errors).toEqual([]);
    });
  });

  describe('payOS and SePay', () => {
    it('refuse a stand-in’s or this machine’s payOS address, https or not', () => {
      expect(errorsOf('PAYOS_API_URL', { PAYOS_API_URL: 'https://cuahang-xedien.vn/api/dev/payos' })).toEqual([expect.stringMatching(/points at a development stand-in/)]);
      expect(errorsOf('PAYOS_API_URL', { PAYOS_API_URL: 'https://127.0.0.1:8443' })).toEqual([expect.stringMatching(/points at a development stand-in/)]);
      expect(errorsOf('PAYOS_API_URL', { PAYOS_API_URL: 'http://api-merchant.payos.vn' })).toEqual([expect.stringMatching(/is not https/)]);
    });

    it('refuse keys pasted with spaces or quotes', () => {
      expect(errorsOf('SEPAY_WEBHOOK_KEY', { SEPAY_WEBHOOK_KEY: 'Apikey Q7mZ2vK9xR4tL8pW1nB6cY3hJ5dF0sGe' })).toEqual([expect.stringMatching(/^SEPAY_WEBHOOK_KEY is too weak for a key \(holds characters other than/)]);
      expect(errorsOf('PAYOS_CHECKSUM_KEY', { PAYOS_CHECKSUM_KEY: `'${PROVIDERS.PAYOS_CHECKSUM_KEY}'` })).toHaveLength(1);
    });
  });

  it('refuse the e-invoice stand-in, a sandbox or plain-http portal, a weak password and a series Circular 78 does not know', () => {
    expect(errorsOf('E_INVOICE_PROVIDER=standin', { E_INVOICE_PROVIDER: 'standin' })).toHaveLength(1);
    expect(errorsOf('E_INVOICE_API_URL', { E_INVOICE_API_URL: 'http://api.meinvoice.vn/api/v3' })[0]).toMatch(/is not https/);
    expect(errorsOf('E_INVOICE_API_URL', { E_INVOICE_API_URL: 'https://testapi.meinvoice.vn/api/v3' })[0]).toMatch(/sandbox/);
    expect(errorsOf('E_INVOICE_API_URL', { E_INVOICE_PROVIDER: 'vnpt', E_INVOICE_TEMPLATE: '1/001', E_INVOICE_ACCOUNT: 'ketoan', E_INVOICE_ACCOUNT_PASSWORD: 'Vn9#pT4x!Lq2', E_INVOICE_API_URL: 'https://0101243150-tt78admindemo.vnpt-invoice.com.vn' })[0]).toMatch(/sandbox/);
    for (const password of ['1', '123456', 'aaaaaaaaaaaa', 'mật khẩu dài lắm']) expect(errorsOf('E_INVOICE_PASSWORD', { E_INVOICE_PASSWORD: password })).toHaveLength(1);
    expect(errorsOf('E_INVOICE_SERIES', { E_INVOICE_SERIES: 'AB/26E' })).toHaveLength(1);
    expect(errorsOf('E_INVOICE_ACCOUNT_PASSWORD', { E_INVOICE_PROVIDER: 'vnpt', E_INVOICE_API_URL: 'https://cuahangxedien-tt78.vnpt-invoice.com.vn', E_INVOICE_TEMPLATE: '1/001', E_INVOICE_ACCOUNT: 'ketoan', E_INVOICE_ACCOUNT_PASSWORD: 'abc' })).toHaveLength(1);
    expectNoKeyPrinted({ E_INVOICE_PASSWORD: 'short1' });
    // Unset: no invoices, said as a warning (the shop may start before its e-invoice account is ready).
    expect(check({ E_INVOICE_PROVIDER: undefined, E_INVOICE_API_URL: undefined }).warnings).toEqual([expect.stringMatching(/^E_INVOICE_PROVIDER is not set: no e-invoice is issued/)]);
    expect(() => loadConfig(withProviders({ E_INVOICE_PROVIDER: 'viettel', E_INVOICE_TEMPLATE: undefined }))).toThrow('E_INVOICE_TEMPLATE is required with E_INVOICE_PROVIDER=viettel');
  });
});
