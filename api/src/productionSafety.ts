import { isIP } from 'node:net';
import { DEMO_NOTIFICATION_KEYS, DEMO_PAYMENT_KEYS, DEMO_SELLER, DEMO_VIETQR, type Config } from './config';
import { isLoopbackHost } from './http/loopback';

/**
 * What production must not start with (DESIGN.md §2: "Production is configured, never defaulted"): errors refuse
 * the start, warnings are said once at start. Development and tests are not checked (both lists empty).
 * Messages are for the operator: they name the setting and the fix, never a secret's value.
 */
export interface ProductionSafety {
  errors: string[];
  warnings: string[];
}

export type SafetyConfig = Pick<Config, 'nodeEnv' | 'jwtSecret' | 'publicUrl' | 'vietQr' | 'databaseUrl' | 'smtpUrl' | 'redisUrl' | 'defaultsUsed' | 'payOs' | 'sepayWebhookKey' | 'seller' | 'notificationChannels'>;

export const MIN_SECRET_LENGTH = 32;
/** A key with fewer different characters than this was typed, not generated ('x' × 40, 'abcabc…'). */
export const MIN_DISTINCT_SECRET_CHARACTERS = 10;

/**
 * Every access-token key that was ever written in this repository (docker-compose's old default, the tests', the
 * benchmarks'): anyone who read it can sign an admin's token. test/productionSafety.test.ts scans the repository's
 * files so that a new one cannot be added without being refused.
 */
export const KNOWN_EXAMPLE_SECRETS: readonly string[] = [
  'change-me-in-production-with-32-or-more-characters',
  'test-secret-test-secret-test-secret-0123456789',
  'bench-secret-bench-secret-bench-secret-0123',
];

/** Words of a placeholder or a human-chosen key: a generated one (openssl rand -base64 48) holds none of them. */
const PLACEHOLDER_WORDS = /change-?me|replace|placeholder|example|secret|passw(or)?d|dummy|sample|insecure|default|your[-_ ]|test[-_ ]|bench[-_ ]|demo[-_ ]/i;

const MAKE_A_SECRET = 'generate one with `openssl rand -base64 48`';

/** How many of a key's neighbouring characters may step by one (a→b, 9→8) before it reads as a typed run, not a random draw. */
const MAX_STEP_SHARE = 0.5;

/**
 * A key that is a run of neighbouring characters ('abcdefghijklmnopqrstuvwxyz012345', '0123456789…', '9876…') or one
 * short block repeated ('k9Vq2xR7mZ' × 4): every character is guessable from the ones before it. A generated key
 * (base64, hex, a UUID) steps by one between about one pair in twenty and is never periodic.
 */
export function isPlainSequence(key: string): boolean {
  if (key.length < 2) return false;
  let steps = 0;
  for (let i = 1; i < key.length; i += 1) {
    if (Math.abs(key.charCodeAt(i) - key.charCodeAt(i - 1)) === 1) steps += 1;
  }
  if (steps / (key.length - 1) >= MAX_STEP_SHARE) return true;
  for (let period = 1; period <= key.length / 2; period += 1) {
    if (key.slice(period) === key.slice(0, key.length - period)) return true;
  }
  return false;
}

/** Why `secret` must not sign production's tokens, or null when it may. Never includes the secret. */
export function unsafeSecretReason(secret: string | null): string | null {
  if (secret === null || secret.trim() === '') return `JWT_SECRET is not set: ${MAKE_A_SECRET}`;
  if (secret.length < MIN_SECRET_LENGTH) return `JWT_SECRET is shorter than ${MIN_SECRET_LENGTH} characters: ${MAKE_A_SECRET}`;
  if (KNOWN_EXAMPLE_SECRETS.includes(secret)) return `JWT_SECRET is an example key published in this repository (anyone can sign tokens with it): ${MAKE_A_SECRET}`;
  if (PLACEHOLDER_WORDS.test(secret)) return `JWT_SECRET looks like a placeholder (it contains a word such as "change-me", "secret" or "example"): ${MAKE_A_SECRET}`;
  if (new Set(secret).size < MIN_DISTINCT_SECRET_CHARACTERS) return `JWT_SECRET has fewer than ${MIN_DISTINCT_SECRET_CHARACTERS} different characters, so it was not generated: ${MAKE_A_SECRET}`;
  if (isPlainSequence(secret)) return `JWT_SECRET is a plain sequence (a run such as "abcdef…" or "0123…", or a short block repeated), so it was not generated: ${MAKE_A_SECRET}`;
  return null;
}

/** Host names reserved for examples and tests (RFC 2606, RFC 6761) and for this machine. */
function isPlaceholderOrLocalHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[(.*)\]$/, '$1').replace(/\.$/, '');
  if (isLoopbackHost(host) || host.endsWith('.localhost') || host === '0.0.0.0' || host === '::') return true;
  if (isIP(host) === 0 && /(^|\.)(example|test|invalid)$/.test(host)) return true;
  return /(^|\.)example\.[a-z]+$/.test(host);
}

/** Why PUBLIC_URL cannot be production's, or null. */
function unsafePublicUrlReason(config: SafetyConfig): string | null {
  const fix = 'set PUBLIC_URL to the https origin customers open (e.g. https://cuahang.vn)';
  if (config.defaultsUsed.includes('PUBLIC_URL')) return `PUBLIC_URL is not set (the development default ${config.publicUrl} would go into emails and OAuth redirects): ${fix}`;
  const url = new URL(config.publicUrl);
  if (url.protocol !== 'https:') return `PUBLIC_URL ${config.publicUrl} is not https (links in emails, OAuth redirects and HSTS need it): ${fix}`;
  if (isPlaceholderOrLocalHost(url.hostname)) return `PUBLIC_URL ${config.publicUrl} is this machine or an example name, not the site's address: ${fix}`;
  return null;
}

/** Why the VietQR account cannot be production's, or null: customers would transfer to it. */
function unsafeVietQrReason(config: SafetyConfig): string | null {
  const fix = 'set VIETQR_BANK_BIN, VIETQR_ACCOUNT_NUMBER, VIETQR_ACCOUNT_NAME and VIETQR_BANK_NAME to the shop\'s own bank account';
  const unset = config.defaultsUsed.filter((name) => name.startsWith('VIETQR_'));
  if (unset.length > 0) return `${unset.join(', ')} ${unset.length === 1 ? 'is' : 'are'} not set (the demo bank account would be printed on customers' payment QR codes): ${fix}`;
  if (config.vietQr.accountNumber === DEMO_VIETQR.accountNumber) {
    return `VIETQR_ACCOUNT_NUMBER is the demo account ${DEMO_VIETQR.accountNumber} (customers would pay a stranger): ${fix}`;
  }
  return null;
}

/** Why the seller on receipts and VAT invoices cannot be production's (unset, or the demo company), or null. */
function unsafeSellerReason(config: SafetyConfig): string | null {
  const fix = 'set SHOP_LEGAL_NAME, SHOP_TAX_CODE and SHOP_ADDRESS to the shop\'s registered name, tax code and address';
  const unset = config.defaultsUsed.filter((name) => name.startsWith('SHOP_'));
  if (unset.length > 0) return `${unset.join(', ')} ${unset.length === 1 ? 'is' : 'are'} not set (the demo company would be the seller on customers' receipts and VAT invoices): ${fix}`;
  if (config.seller.taxCode === DEMO_SELLER.taxCode || PLACEHOLDER_WORDS.test(config.seller.legalName) || PLACEHOLDER_WORDS.test(config.seller.address)) {
    return `SHOP_LEGAL_NAME, SHOP_TAX_CODE or SHOP_ADDRESS is the demo seller or a placeholder: ${fix}`;
  }
  return null;
}

const DEMO_KEYS: readonly string[] = Object.values(DEMO_PAYMENT_KEYS);

/** A payment key that can be guessed: shorter than 32 characters or too few different ones (payOS issues 36- and 64-character keys). */
function isWeakPaymentKey(key: string): boolean {
  return key.length < MIN_SECRET_LENGTH || new Set(key).size < MIN_DISTINCT_SECRET_CHARACTERS || isPlainSequence(key);
}

/** Why the payment providers' keys cannot be production's (a demo, placeholder or guessable key), or null. Never includes a key. */
function unsafePaymentKeysReason(config: SafetyConfig): string | null {
  const fix = 'set the keys of the shop\'s own payOS payment channel and SePay webhook';
  const keys: Array<[string, string | null]> = [
    ['PAYOS_CLIENT_ID', config.payOs?.clientId ?? null],
    ['PAYOS_API_KEY', config.payOs?.apiKey ?? null],
    ['PAYOS_CHECKSUM_KEY', config.payOs?.checksumKey ?? null],
    ['SEPAY_WEBHOOK_KEY', config.sepayWebhookKey],
  ];
  const unsafe = keys.filter(([, value]) => value !== null && (DEMO_KEYS.includes(value) || PLACEHOLDER_WORDS.test(value))).map(([name]) => name);
  if (unsafe.length > 0) return `${unsafe.join(', ')} ${unsafe.length === 1 ? 'is a demo or placeholder key' : 'are demo or placeholder keys'}: ${fix}`;
  // The client id names the payment channel (payOS shows it, it travels beside the API key), so only the secrets are measured.
  const secrets = keys.filter(([name]) => name !== 'PAYOS_CLIENT_ID');
  const weak = secrets.filter(([, value]) => value !== null && isWeakPaymentKey(value)).map(([name]) => name);
  if (weak.length > 0) {
    return `${weak.join(', ')} ${weak.length === 1 ? 'is' : 'are'} too weak for a key (shorter than ${MIN_SECRET_LENGTH} characters, fewer than ${MIN_DISTINCT_SECRET_CHARACTERS} different characters or a plain sequence: whoever guesses it forges payment notifications): ${fix} (SePay: generate its key with \`openssl rand -hex 32\`)`;
  }
  if (config.payOs && !config.payOs.apiUrl.startsWith('https:')) return 'PAYOS_API_URL is not https: leave it unset (https://api-merchant.payos.vn) or set the https address payOS gives';
  return null;
}

const DEMO_CHANNEL_KEYS: readonly string[] = Object.values(DEMO_NOTIFICATION_KEYS);

/** A provider's address that is this machine, an example name or the API's own development stand-in. */
function isStandInUrl(apiUrl: string): boolean {
  const url = new URL(apiUrl);
  return url.pathname.includes('/api/dev/') || isPlaceholderOrLocalHost(url.hostname);
}

/**
 * Why the channels outside the site (Web Push, Zalo ZNS, eSMS) cannot be production's, or null: the demo keys of
 * development (published in this repository), placeholders, a stand-in's or plain-http address. Never includes a key.
 */
function unsafeNotificationChannelsReason(config: SafetyConfig): string | null {
  const { vapid, pushStandIn, zalo, sms } = config.notificationChannels;
  const keys: Array<[string, string | null]> = [
    ['VAPID_PRIVATE_KEY', vapid?.privateKey ?? null],
    ['VAPID_PUBLIC_KEY', vapid?.publicKey ?? null],
    ['ZALO_ZNS_ACCESS_TOKEN', zalo?.accessToken ?? null],
    ['ESMS_API_KEY', sms?.apiKey ?? null],
    ['ESMS_SECRET_KEY', sms?.secretKey ?? null],
  ];
  const unsafe = keys.filter(([, value]) => value !== null && (DEMO_CHANNEL_KEYS.includes(value) || PLACEHOLDER_WORDS.test(value))).map(([name]) => name);
  if (unsafe.length > 0) return `${unsafe.join(', ')} ${unsafe.length === 1 ? 'is a demo or placeholder key' : 'are demo or placeholder keys'}: set the shop's own keys (npx web-push generate-vapid-keys; the Zalo OA's access token; the eSMS account's keys) or leave the channel unset`;
  const standIns = [
    pushStandIn ? 'Web Push' : null,
    zalo && (zalo.standIn || isStandInUrl(zalo.apiUrl)) ? 'ZALO_ZNS_API_URL' : null,
    sms && (sms.standIn || isStandInUrl(sms.apiUrl)) ? 'ESMS_API_URL' : null,
  ].filter((name): name is string => name !== null);
  if (standIns.length > 0) return `${standIns.join(', ')} ${standIns.length === 1 ? 'points' : 'point'} at a development stand-in or this machine: leave the URL unset (the provider's own API) or set the provider's https address`;
  const plain = [zalo && !zalo.apiUrl.startsWith('https:') ? 'ZALO_ZNS_API_URL' : null, sms && !sms.apiUrl.startsWith('https:') ? 'ESMS_API_URL' : null].filter((name): name is string => name !== null);
  if (plain.length > 0) return `${plain.join(', ')} ${plain.length === 1 ? 'is' : 'are'} not https: the access token and keys would travel in clear`;
  if (vapid && PLACEHOLDER_WORDS.test(vapid.subject)) return 'VAPID_SUBJECT looks like a placeholder: set the shop\'s mailto: address or https: site';
  return null;
}

/** The development mail catcher of docker-compose (mailpit on `mail:1025`, MailHog, anything on localhost:1025): mail never reaches anyone. */
export function isMailCatcher(smtpUrl: string): boolean {
  let url: URL;
  try {
    url = new URL(smtpUrl);
  } catch {
    return false;
  }
  const host = url.hostname.toLowerCase();
  if (/mailpit|mailhog|mailcatcher|maildev/.test(host)) return true;
  return url.port === '1025' && (host === 'mail' || isLoopbackHost(host));
}

/** The start-up checks of NODE_ENV=production. */
export function checkProductionSafety(config: SafetyConfig): ProductionSafety {
  const result: ProductionSafety = { errors: [], warnings: [] };
  if (config.nodeEnv !== 'production') return result;
  for (const reason of [unsafeSecretReason(config.jwtSecret), unsafePublicUrlReason(config), unsafeVietQrReason(config), unsafePaymentKeysReason(config), unsafeSellerReason(config), unsafeNotificationChannelsReason(config)]) {
    if (reason) result.errors.push(reason);
  }
  if (!config.databaseUrl) {
    result.warnings.push('DATABASE_URL is not set: production runs on SQLite in a local file (one instance only; in a container the data is lost with it unless its folder is a volume). Set DATABASE_URL to PostgreSQL.');
  }
  if (config.smtpUrl && isMailCatcher(config.smtpUrl)) {
    result.warnings.push('SMTP_URL points at a development mail catcher: verification codes, password resets and order emails never reach customers. Set SMTP_URL to the shop\'s mail server.');
  }
  if (!config.redisUrl) {
    result.warnings.push('REDIS_URL is not set: login-throttling counters and live appointment events are kept per process; several API instances would count apart and not see each other\'s events. Set REDIS_URL when running more than one.');
  }
  if (!config.payOs) {
    result.warnings.push('PAYOS_CLIENT_ID, PAYOS_API_KEY or PAYOS_CHECKSUM_KEY is not set: payOS payment links are off and customers pay by VietQR transfer only.');
  }
  if (!config.sepayWebhookKey) {
    result.warnings.push('SEPAY_WEBHOOK_KEY is not set: bank-transfer notifications are refused and staff confirm VietQR transfers by hand.');
  }
  return result;
}

/** The refusal printed before exiting: each unsafe setting on its own line. */
export function describeRefusal(errors: readonly string[]): string {
  return ['Refusing to start in production (NODE_ENV=production):', ...errors.map((error) => `  - ${error}`)].join('\n');
}
